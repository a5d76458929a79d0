import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import type { Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshot, test } from './fixtures';
import { createClinicWithDoctor, ok, signInRepWithTrial, uniqueWord } from './setup';

// The clinic's side of visiting hours (docs/decisions/039-visit-windows-and-tokens.md): the Visiting hours editor
// of Call Preferences, saved with the call settings, and the visits new hours leave out, kept or cancelled.

const SHOTS = '/work/scratch/shots';

/** The card (or the whole page) at phone and desktop widths, for a person to look at. */
async function shoot(page: Page, name: string, target?: Locator) {
  for (const [label, width] of [
    ['360', 360],
    ['1280', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${SHOTS}/clinic-hours-${name}-${label}.png`;
    if (target) await screenshot(target, { path });
    else await screenshot(page, { path }); // the viewport: a dialog's overlay covers only it
  }
}

/** No serious or critical axe violation (WCAG 2 A and AA) inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const results = await axeOf(page).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function repBooks(browser: Browser, baseURL: string, mailbox: Mailbox, o: { clinicId: number; doctorId: number; date: string; startTime: string }) {
  const context = await browser.newContext({ baseURL });
  const rep = await signInRepWithTrial(context.request, mailbox, { fullName: `Rep ${uniqueWord()}` });
  await ok(
    await context.request.post('/api/book-appointment', {
      data: { doctorId: o.doctorId, clinicId: o.clinicId, repId: rep.id, appointmentDate: o.date, startTime: o.startTime },
    }),
  );
  await context.close();
  return rep;
}

test('the clinic sets visiting hours, sees what they hold, and keeps or cancels the visits new hours leave out', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const { clinicId, doctorId, doctorName } = await createClinicWithDoctor(page.request, mailbox, { settings: { maxSlots: 6 } });
  const settings = async () => (await (await page.request.get(`/api/clinic/settings/${clinicId}?doctorId=${doctorId}`)).json()).settings;
  await page.setViewportSize({ width: 360, height: 900 });
  await page.goto('/clinic/dashboard');
  await page.getByRole('tab', { name: 'Call Setting' }).click();
  const card = page
    .locator('div.rounded-xl')
    .filter({ has: page.getByRole('heading', { name: 'Call Preferences' }) })
    .last();
  const hours = page.getByRole('group', { name: 'Visiting hours' });
  await expect(hours).toContainText('No visiting hours: reps may come any time of the day.');
  await shoot(page, 'empty', card);

  // Two windows: what each holds and the day's total under Max Slots (6).
  await hours.getByRole('button', { name: 'Add window' }).click();
  await expect(page.getByLabel('From', { exact: true }).first()).toBeFocused();
  await page.getByLabel('From', { exact: true }).first().fill('15:30');
  await page.getByLabel('To', { exact: true }).first().fill('16:30');
  await hours.getByRole('button', { name: 'Add window' }).click();
  await page.getByLabel('From', { exact: true }).nth(1).fill('18:00');
  await page.getByLabel('To', { exact: true }).nth(1).fill('19:00');
  await expect(hours).toContainText('15:30-16:30 holds 4 visits of 15 minutes');
  await expect(hours).toContainText('18:00-19:00 holds 4 visits of 15 minutes');
  await expect(hours).toContainText('Up to 8 visits a day; Max Slots caps it at 6.');
  await shoot(page, 'two-windows', card);

  // A third that overlaps: said beside the field, the add button says why it is spent, nothing is saved.
  await hours.getByRole('button', { name: 'Add window' }).click();
  await page.getByLabel('From', { exact: true }).nth(2).fill('16:00');
  await page.getByLabel('To', { exact: true }).nth(2).fill('17:00');
  await expect(page.getByLabel('From', { exact: true }).nth(2)).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('From', { exact: true }).nth(2)).toHaveAccessibleDescription('From: Visiting windows must not overlap.');
  await expect(hours.getByRole('button', { name: 'Add window' })).toHaveAttribute('aria-disabled', 'true');
  await expect(hours).toContainText('At most 3 windows a day; remove one to add another.');
  await shoot(page, 'error', card);
  await expectAccessible(page, 'main');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Visiting windows must not overlap.' })).toBeVisible();
  await expect(page.getByLabel('From', { exact: true }).nth(2)).toBeFocused();
  expect((await settings()).visitWindows).toEqual([]);
  await hours.getByRole('button', { name: 'Remove window 3' }).click();
  await expect(hours.getByRole('button', { name: 'Add window' })).toBeFocused();

  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings Saved' })).toBeVisible();
  expect(await settings()).toMatchObject({
    visitWindows: [
      { start: '15:30', end: '16:30' },
      { start: '18:00', end: '19:00' },
    ],
    slotMinutes: 15,
  });

  // Three reps book; the clinic then narrows the first window to 15:30-16:00 and 30-minute visits.
  const date = addDays(todayInIndia(new Date()), 2);
  await repBooks(browser, baseURL!, mailbox, { clinicId, doctorId, date, startTime: '15:30' });
  const late = await repBooks(browser, baseURL!, mailbox, { clinicId, doctorId, date, startTime: '16:15' });
  const evening = await repBooks(browser, baseURL!, mailbox, { clinicId, doctorId, date, startTime: '18:15' });
  await page.getByLabel('To', { exact: true }).first().fill('16:00');
  await page.getByLabel('Visit length').selectOption('30');
  await expect(hours).toContainText('15:30-16:00 holds 1 visit of 30 minutes');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  const panel = page.getByRole('region', { name: '2 booked visits are outside the new visiting hours' });
  await expect(panel).toBeVisible();
  await expect(panel.getByRole('heading')).toBeFocused();
  const rows = panel.getByRole('listitem');
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toContainText(`${formatDisplayDate(date)}16:15${late.fullName}Sun Pharma`);
  await expect(rows.nth(1)).toContainText(`${formatDisplayDate(date)}18:15${evening.fullName}`);
  await shoot(page, 'outside-panel', card);
  await expectAccessible(page, 'main');

  // Keep: the panel closes and every visit stays booked.
  await panel.getByRole('button', { name: 'Keep these visits' }).click();
  await expect(panel).toBeHidden();
  const active = async () =>
    (
      (await (await page.request.get(`/api/doctor-appointments?doctorId=${doctorId}&date=${date}&clinicId=${clinicId}`)).json()).appointments as Array<{
        status: string;
      }>
    ).filter((a) => a.status === 'booked').length;
  expect(await active()).toBe(3);

  // Saving again lists them again; this time the clinic cancels them.
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await panel.getByRole('button', { name: 'Cancel these visits' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel 2 visits?' });
  await expect(confirm).toContainText(`The 2 visits listed with ${doctorName} will be cancelled`);
  await shoot(page, 'cancel-confirm');
  await confirm.getByRole('button', { name: 'Cancel 2 Visits' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Visits Cancelled' })).toContainText('2 visits cancelled; 2 reps notified by e-mail.');
  await expect(panel).toBeHidden();
  expect(await active()).toBe(1);
  for (const rep of [late, evening]) {
    const mail = await mailbox.waitFor(rep.email, (m) => m.subject.startsWith('Appointment cancelled'), 10_000);
    expect(mail.text).toContain("The clinic changed the doctor's visiting hours");
  }
});

/** Whether a click at the middle of `button` reaches it (no toast or other layer on top of it). */
async function reachable(button: Locator): Promise<boolean> {
  await button.scrollIntoViewIfNeeded();
  const box = (await button.boundingBox())!;
  return button.evaluate((el, { x, y }) => el.contains(document.elementFromPoint(x, y)), { x: box.x + box.width / 2, y: box.y + box.height / 2 });
}

test('the Keep / Cancel choice after a save is not covered: the panel says the settings were saved, no toast covers it', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(120_000);
  const { clinicId, doctorId, doctorName } = await createClinicWithDoctor(page.request, mailbox, {
    settings: { maxSlots: 6, visitWindows: [{ start: '10:00', end: '12:00' }], slotMinutes: 15 },
  });
  const date = addDays(todayInIndia(new Date()), 2);
  await repBooks(browser, baseURL!, mailbox, { clinicId, doctorId, date, startTime: '11:30' });
  await page.goto('/clinic/dashboard');
  await page.getByRole('tab', { name: 'Call Setting' }).click();
  const panel = page.getByRole('region', { name: '1 booked visit is outside the new visiting hours' });

  for (const [width, height, end] of [
    [360, 780, '11:00'],
    [1280, 900, '11:15'],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.getByLabel('To', { exact: true }).first().fill(end);
    await page.getByRole('button', { name: 'Save Settings' }).click();
    await expect(panel).toBeVisible();
    await expect(panel.getByRole('status')).toHaveText(`Call preferences saved for ${doctorName}.`);
    await expect(page.getByTestId('toast')).toHaveCount(0);
    for (const name of ['Keep these visits', 'Cancel these visits'])
      expect(await reachable(panel.getByRole('button', { name })), `${name} at ${width} px`).toBe(true);
    await screenshot(page, { path: `${SHOTS}/clinic-hours-choice-pending-${width}.png` });
    await panel.getByRole('button', { name: 'Keep these visits' }).click();
    await expect(panel).toBeHidden();
  }
  // Saving without visits left out still says so in a toast.
  await page.getByLabel('To', { exact: true }).first().fill('12:00');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Settings Saved' })).toBeVisible();
  await expect(panel).toBeHidden();
});
