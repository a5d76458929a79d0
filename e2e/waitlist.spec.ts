import type { Browser, Locator, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import type { Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshot, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, ok, signInRepWithTrial } from './setup';

// Rescheduling and the fair waitlist (docs/decisions/043-rescheduling-and-waitlist.md): a doctor receives one rep a
// day. Rep A books the day's one slot; rep B finds the day full and joins its waitlist (#1); the clinic's day view
// says one rep waits. Rep A moves the visit to another day from My Appointments; the freed slot is offered to rep B,
// who is e-mailed (read from the test SMTP server), opens the link, sees the offer counting down in My Appointments,
// accepts it and finds the visit listed.

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens';
const PHONE = { width: 360, height: 780 };

/** The page at 360 px and 1280 px, the whole page, back at 360 px after. */
async function shoot(page: Page, name: string, focus?: Locator) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    if (focus) await focus.scrollIntoViewIfNeeded();
    await screenshot(page, { path: `${SHOTS}/waitlist-${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize(PHONE);
}

/** No serious or critical axe violation (WCAG 2 A and AA) inside `selector`, at the width on screen. */
async function expectAccessible(page: Page, selector = 'main') {
  const results = await axeOf(page).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The day's button on the calendar, after moving it to the date's month. */
async function dayButton(page: Page, date: string): Promise<Locator> {
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  const cell = grid.locator(`[data-date="${date}"]`);
  for (let i = 0; i < 3 && (await cell.count()) === 0; i++) {
    await page.getByRole('button', { name: 'Next month' }).click();
    await expect(grid).not.toHaveAttribute('aria-busy', 'true');
  }
  return cell;
}

async function repPage(browser: Browser, baseURL: string, mailbox: Mailbox, fullName: string) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  const rep = await signInRepWithTrial(context.request, mailbox, { fullName });
  return { ...rep, page: await context.newPage(), context };
}

test('a full day: B joins its waitlist, A moves the visit away, B is e-mailed the slot and books it', async ({ browser, baseURL, mailbox }) => {
  test.setTimeout(240_000); // three browsers and an e-mail through the outbox, on a busy machine
  const today = todayInIndia(new Date());
  const day = addDays(today, 2);
  const later = addDays(day, 1);

  const clinicContext = await browser.newContext({ baseURL, viewport: PHONE });
  const clinic = await createClinicWithDoctor(clinicContext.request, mailbox, { settings: { maxSlots: 1 } });
  const doctor = `Dr. ${clinic.doctorName}`;

  // Rep A books the day's one slot.
  const a = await repPage(browser, baseURL!, mailbox, 'Anil Mehta');
  await ok(
    await a.context.request.post('/api/book-appointment', {
      data: { doctorId: clinic.doctorId, clinicId: clinic.clinicId, repId: a.id, appointmentDate: day },
    }),
  );

  // Rep B finds the day full and joins its waitlist.
  const b = await repPage(browser, baseURL!, mailbox, 'Bina Kapoor');
  await b.page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(b.page, { doctorLabel: doctor, clinicName: clinic.clinicName });
  const full = await dayButton(b.page, day);
  await expect(full).toHaveAttribute('data-reason', 'full');
  // A day that cannot be booked is aria-disabled, yet picked to show why (and here, its waitlist).
  await full.click({ force: true });
  const panel = b.page.getByRole('region', { name: 'Selected date' });
  await expect(panel).toContainText('No appointment slots available for this date. Please select another date.');
  await panel.getByRole('button', { name: 'Join waitlist' }).click();
  await expect(panel.getByText('You are #1 on the waitlist')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Join waitlist' })).toBeHidden();
  await expect(panel.getByRole('button', { name: 'Leave waitlist' })).toBeVisible();
  await expectAccessible(b.page);
  await shoot(b.page, 'joined', panel);

  // The clinic's day view: one rep waits for the day.
  const clinicPage = await clinicContext.newPage();
  await clinicPage.goto('/clinic/dashboard');
  for (let d = today; d < day; d = addDays(d, 1)) await clinicPage.getByRole('button', { name: 'Next day' }).click();
  // The day's heading comes first; once the visits load, each row names its date too.
  await expect(clinicPage.getByText(formatDisplayDate(day), { exact: true }).first()).toBeVisible();
  await expect(clinicPage.getByTestId('waiting-count')).toHaveText('1 rep waiting for this day');
  // At 360 px the day is a list of cards (the table is for wider screens).
  const visits = clinicPage.getByRole('list', { name: 'Appointments' });
  await expect(visits.getByText('Anil Mehta')).toBeVisible();
  await expectAccessible(clinicPage);
  await shoot(clinicPage, 'clinic-day');

  // Rep A moves the visit from My Appointments.
  await a.page.goto('/medrep-dashboard?tab=appointments');
  const card = a.page.getByTestId('appointment-card');
  await expect(card).toContainText(formatDisplayDate(day));
  await card.getByRole('button', { name: `Reschedule appointment with ${doctor} on ${formatDisplayDate(day)}` }).click();
  const heading = a.page.getByRole('heading', { name: `Reschedule visit with ${doctor} at ${clinic.clinicName}, now on ${formatDisplayDate(day)}` });
  await expect(heading).toBeVisible();
  await expect(heading).toBeFocused();
  // Judged as if the visit did not exist: its own day is not full for the move, and is marked as its date now.
  const own = await dayButton(a.page, day);
  await expect(own).toContainText('Yours');
  await expect(own).toHaveAttribute('data-reason', 'available');
  await (await dayButton(a.page, later)).click();
  await expectAccessible(a.page);
  await shoot(a.page, 'reschedule', a.page.getByRole('region', { name: 'Selected date' }));
  const before = [...mailbox.to(b.email)];
  await a.page.getByRole('button', { name: 'Reschedule to this date' }).click();
  await expect(a.page.getByTestId('toast')).toContainText('Appointment rescheduled successfully');
  await expect(heading).toBeHidden();
  await expect(card).toContainText(formatDisplayDate(later));

  // Rep B is e-mailed the freed slot, opens the link and accepts the offer in My Appointments.
  const mail = await mailbox.waitFor(b.email, (m) => !before.includes(m) && m.subject.startsWith('A slot is free'), 30_000);
  expect(mail.text).toMatch(new RegExp(`A slot is free with (Dr\\. )?${clinic.doctorName} at ${clinic.clinicName}`));
  const link = /https?:\/\/\S+\/medrep-dashboard\?tab=appointments/.exec(mail.text)![0];
  await b.page.goto(link);
  const waitlist = b.page.getByRole('region', { name: 'Waitlist' });
  const offer = waitlist.getByTestId('waitlist-entry');
  await expect(offer).toContainText('A slot is free for you');
  await expect(offer).toContainText(formatDisplayDate(day));
  await expect(offer.getByRole('timer')).toHaveText(/^\(\d+ (h|min)( \d+ min)? left\)$/);
  await expectAccessible(b.page);
  await shoot(b.page, 'offer', waitlist);
  await offer.getByRole('button', { name: new RegExp(`^Accept the slot with ${doctor}`) }).click();
  await expect(b.page.getByTestId('toast')).toContainText('Appointment booked successfully');
  await expect(waitlist).toBeHidden();
  const booked = b.page.getByTestId('appointment-card');
  await expect(booked).toContainText(doctor);
  await expect(booked).toContainText(formatDisplayDate(day));

  // The clinic's day: B's visit, and no one waits any more.
  await clinicPage.reload();
  for (let d = today; d < day; d = addDays(d, 1)) await clinicPage.getByRole('button', { name: 'Next day' }).click();
  await expect(visits.getByText('Bina Kapoor')).toBeVisible();
  await expect(clinicPage.getByTestId('waiting-count')).toBeHidden();

  for (const c of [a.context, b.context, clinicContext]) await c.close();
});
