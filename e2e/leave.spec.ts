import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia, weekdayIn } from '../src/shared/dates';
import type { Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshot, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, ok, signInRepWithTrial } from './setup';

// Planned absences (docs/decisions/040-planned-absences.md): the clinic enters a doctor's three-day leave ahead in
// 'Leave & Holidays'; the two visits booked on those days are cancelled, both reps are e-mailed the reason at once,
// and the rep's calendar shows the days as Leave. Then a whole-clinic closure today, ended early.

const SHOTS = '/work/scratch/shots';
const PHONE = { width: 360, height: 780 };
const REASON = 'Doctor is leaving for conference';

/** The page at phone and desktop widths, for a person to look at; with a dialog only the viewport, which its overlay covers. */
async function shoot(page: Page, name: string, o: { dialog?: boolean } = {}) {
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const path = `${SHOTS}/leave-${name}-${width}.png`;
    await screenshot(page, { path, fullPage: !o.dialog });
  }
  if (size) await page.setViewportSize(size);
}

/** No serious or critical axe violation (WCAG 2 A and AA) inside `selector`. */
async function expectAccessible(page: Page, selector: string) {
  const results = await axeOf(page).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** A rep with a trial, in a browser context of their own, who books `date` with the doctor through the API. */
async function repBooks(browser: Browser, baseURL: string, mailbox: Mailbox, o: { fullName: string; clinicId: number; doctorId: number; date: string }) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'block' });
  const rep = await signInRepWithTrial(context.request, mailbox, { fullName: o.fullName });
  await ok(
    await context.request.post('/api/book-appointment', { data: { doctorId: o.doctorId, clinicId: o.clinicId, repId: rep.id, appointmentDate: o.date } }),
  );
  return { context, rep };
}

/** The calendar's cell of `date`, after moving to its month. */
async function dayCell(page: Page, date: string): Promise<Locator> {
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const cell = grid.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 2 && (await cell.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  }
  return cell;
}

test('a clinic plans a three-day leave: the preview counts the two booked visits, both reps are e-mailed, the days read Leave', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const { clinicName, clinicId, doctorId, doctorName } = await createClinicWithDoctor(page.request, mailbox);
  const today = todayInIndia(new Date());
  const days = [addDays(today, 2), addDays(today, 3), addDays(today, 4)] as const;
  const first = await repBooks(browser, baseURL!, mailbox, { fullName: 'Ravi Kumar', clinicId, doctorId, date: days[0] });
  const second = await repBooks(browser, baseURL!, mailbox, { fullName: 'Anil Sharma', clinicId, doctorId, date: days[1] });

  // The clinic: Medical Rep > Leave & Holidays, the dashboard's doctor already chosen.
  await page.goto('/clinic/dashboard');
  await page.getByRole('tab', { name: 'Leave & Holidays' }).click();
  const form = page.getByRole('form', { name: 'Add leave or a clinic holiday' });
  await expect(form.getByLabel('Who is away')).toHaveValue(String(doctorId));
  await expect(page.getByText('No leave or clinic holidays planned.')).toBeVisible();
  await expectAccessible(page, '[role="tabpanel"][data-state="active"] [role="tabpanel"][data-state="active"]');
  await shoot(page, 'empty');

  // Saving with nothing filled: the shared messages beside the fields, and the first of them focused.
  await form.getByRole('button', { name: 'Save Leave' }).click();
  await expect(form.getByLabel('First day away')).toBeFocused();
  await expect(form.getByLabel('First day away')).toHaveAttribute('aria-invalid', 'true');
  await expect(form.getByLabel('First day away')).toHaveAccessibleDescription('Please select the first day of the absence.');
  await expect(form.getByRole('textbox', { name: 'Reason' })).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'errors');

  // The first and last day (it follows the first until set), a quick-pick reason; the preview counts the two visits.
  await form.getByLabel('First day away').fill(days[0]);
  await expect(form.getByLabel('Last day away')).toHaveValue(days[0]);
  await form.getByLabel('Last day away').fill(days[2]);
  await expect(form.getByTestId('leave-days')).toHaveText(
    `Away 3 days: ${weekdayIn('en', days[0])} ${formatDisplayDate(days[0])} to ${weekdayIn('en', days[2])} ${formatDisplayDate(days[2])}`,
  );
  await form.getByRole('button', { name: REASON }).click();
  await expect(form.getByRole('textbox', { name: 'Reason' })).toHaveValue(REASON);
  await expect(page.getByTestId('leave-preview')).toHaveText('2 booked visits will be cancelled and the reps e-mailed');
  await expectAccessible(page, 'form');
  await shoot(page, 'filled-preview');

  // Saving asks first, naming the count.
  await form.getByRole('button', { name: 'Save Leave' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel 2 booked visits?' });
  await expect(dialog).toContainText(`${formatDisplayDate(days[0])} - ${formatDisplayDate(days[2])}`);
  await expect(dialog).toContainText(REASON);
  await shoot(page, 'confirm', { dialog: true });
  await dialog.getByRole('button', { name: 'Save and cancel 2 visits' }).click();
  await expect(page.getByTestId('toast')).toContainText('Leave saved');
  await expect(page.getByTestId('toast')).toContainText('2 visits cancelled, 2 reps told');
  const item = page.getByTestId('leave-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText(`${formatDisplayDate(days[0])} - ${formatDisplayDate(days[2])} · 3 days`);
  await expect(item).toContainText(REASON);
  await expect(form.getByLabel('First day away')).toHaveValue('');

  // Both reps are e-mailed at once, each about their own day, with the reason.
  for (const [{ rep }, day] of [
    [first, days[0]],
    [second, days[1]],
  ] as const) {
    const mail = await mailbox.waitFor(rep.email, (m) => m.text.includes(`Reason: ${REASON}`), 15_000);
    expect(mail.text).toContain(clinicName);
    expect(mail.text).toContain(formatDisplayDate(day));
  }

  // The day view of the doctor shows the first visit cancelled.
  await page.getByRole('tab', { name: 'Appointments' }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await page.getByRole('button', { name: 'Next day' }).click();
  await expect(page.getByRole('table')).toContainText('Ravi Kumar');
  await expect(page.getByRole('table')).toContainText('Cancelled');

  // The first rep's calendar: the three days read Leave.
  const repPage = await first.context.newPage();
  await repPage.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(repPage, { doctorLabel: `Dr. ${doctorName}`, clinicName: clinicName });
  for (const day of days) {
    const cell = await dayCell(repPage, day);
    await expect(cell).toContainText('Leave');
  }
  await first.context.close();
  await second.context.close();

  // A whole-clinic closure today: nothing booked, so it saves without asking; the list marks it Current.
  await page.getByRole('tab', { name: 'Leave & Holidays' }).click();
  await form.getByLabel('Who is away').selectOption({ label: 'Whole clinic' });
  await form.getByLabel('First day away').fill(today);
  await form.getByRole('button', { name: 'Clinic will be closed today' }).click();
  await expect(page.getByTestId('leave-preview')).toHaveText('No booked visits fall in these dates.');
  await form.getByRole('button', { name: 'Save Leave' }).click();
  await expect(page.getByTestId('toast')).toContainText('Clinic closure saved');
  await expect(page.getByTestId('toast')).toContainText('No booked visits were cancelled.');
  await expect(item).toHaveCount(2);
  const closure = item.filter({ hasText: 'Whole clinic' });
  await expect(closure).toContainText('Current');
  await expect(closure).toContainText(`${formatDisplayDate(today)} - ${formatDisplayDate(today)} · 1 day`);
  await page.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
  await shoot(page, 'list-current');

  // End early: asked first; its days can be booked again, the list keeps the leave.
  await closure.getByRole('button', { name: /^End early/ }).click();
  const end = page.getByRole('dialog', { name: 'End this absence early?' });
  await expect(end).toContainText('Its days can be booked again; cancelled visits stay cancelled.');
  await shoot(page, 'end-confirm', { dialog: true });
  await end.getByRole('button', { name: 'End Early' }).click();
  await expect(page.getByTestId('toast')).toContainText('Absence ended');
  await expect(item).toHaveCount(1);
  await expect(page.getByRole('heading', { name: 'Upcoming and current' })).toBeFocused();
  const { leaves } = await ok<{ leaves: { doctorId: number | null }[] }>(await page.request.get(`/api/clinic/leave?clinicId=${clinicId}`));
  expect(leaves).toEqual([expect.objectContaining({ doctorId, reason: REASON })]);
});
