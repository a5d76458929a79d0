import type { Browser, Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import type { Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshotBoth, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, ok, signInRepWithTrial } from './setup';

// Docs/decisions/039: a clinic sets visiting hours (15:30-16:30, 15-minute visits); two reps on phones book 15:30 and
// 15:45 of the same day; each sees the time and place in the day, and the clinic sees them in that order.

const PHONE = { width: 360, height: 780 };

/** A rep with a trial in a browser of their own, at phone width, on the doctor's calendar at the clinic. */
async function repOnCalendar(browser: Browser, baseURL: string, mailbox: Mailbox, fullName: string, o: { doctorName: string; clinicName: string }) {
  const context = await browser.newContext({ baseURL, viewport: PHONE, serviceWorkers: 'block' });
  const page = await context.newPage();
  const rep = await signInRepWithTrial(page.request, mailbox, { fullName });
  await page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(page, { doctorLabel: `Dr. ${o.doctorName}`, clinicName: o.clinicName });
  await expect(page.getByRole('grid')).toBeVisible();
  return { page, rep, close: () => context.close() };
}

/** No serious or critical WCAG 2 A/AA violation (axe-core), as e2e/a11y.spec.ts checks the dashboards. */
async function expectAccessible(page: Page, label: string) {
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    label,
  ).toEqual([]);
}

/** Picks `date` on the calendar (a month on if need be) and books `time`; the confirmation names the time. */
async function bookTime(page: Page, date: string, time: string) {
  const today = todayInIndia(new Date());
  if (date.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('grid').locator(`[data-date="${date}"]`).click();
  const book = page.getByRole('button', { name: 'Book Appointment', exact: true });
  await expect(book).toBeDisabled();
  await expect(page.getByText('Please select a visit time.')).toBeVisible();
  await page.getByRole('radio', { name: time, exact: true }).check();
  await expect(book).toBeEnabled();
  return book;
}

test('a clinic sets visiting hours, two reps book 15:30 and 15:45 on phones, and the clinic sees them in order', async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(180_000);
  const { clinicName, doctorName } = await createClinicWithDoctor(page.request, mailbox, { settings: { maxSlots: 5 } });
  const tomorrow = addDays(todayInIndia(new Date()), 1);

  // The clinic: Call Preferences, one window 15:30-16:30 with 15-minute visits.
  await page.goto('/clinic/dashboard');
  await page.getByRole('tab', { name: 'Medical Rep' }).click();
  await page.getByRole('tab', { name: 'Call Setting' }).click();
  await expect(page.getByRole('heading', { name: 'Call Preferences' })).toBeVisible();
  await page.getByRole('button', { name: 'Add window' }).click();
  const window1 = page.getByRole('group', { name: 'Window 1' });
  await window1.getByLabel('From').fill('15:30');
  await window1.getByLabel('To').fill('16:30');
  await page.getByLabel('Visit length').selectOption('15');
  await page.getByRole('button', { name: 'Save Settings' }).click();
  await expect(page.getByTestId('toast')).toContainText('Settings Saved');

  // The first rep: the summary shows the hours; the day's four times are free; books 15:30.
  const first = await repOnCalendar(browser, baseURL!, mailbox, 'Ravi Kumar', { doctorName, clinicName });
  await expect(first.page.getByTestId('visiting-hours')).toContainText('15:30-16:30');
  await expect(first.page.getByTestId('visiting-hours')).toContainText('Visit length 15 min');
  const book1 = await bookTime(first.page, tomorrow, '15:30');
  const times = first.page.getByRole('group', { name: '15:30-16:30' });
  await expect(times.getByRole('radio')).toHaveCount(4);
  await book1.click();
  await expect(first.page.getByTestId('toast')).toContainText(`on ${formatDisplayDate(tomorrow)} at 15:30 is booked (Token #1).`);

  // The second rep: 15:30 is taken (disabled, read as Taken); books 15:45.
  const second = await repOnCalendar(browser, baseURL!, mailbox, 'Anil Sharma', { doctorName, clinicName });
  const book2 = await bookTime(second.page, tomorrow, '15:45');
  await expect(second.page.getByRole('radio', { name: '15:30, Taken' })).toBeDisabled();
  await expectAccessible(second.page, 'the visit times');
  await screenshotBoth(second.page, 'visiting-hours-rep-times');
  await book2.click();
  await expect(second.page.getByTestId('toast')).toContainText(`at 15:45 is booked (Token #2).`);

  // Each sees the time and the place in the day under My Appointments.
  for (const [rep, time, token] of [
    [first, '15:30', 1],
    [second, '15:45', 2],
  ] as const) {
    await rep.page.getByRole('tab', { name: 'My Appointments' }).click();
    const card = rep.page.getByTestId('appointment-card');
    await expect(card).toContainText(formatDisplayDate(tomorrow));
    await expect(card.getByTestId('appointment-time')).toHaveText(time);
    await expect(card.getByTestId('appointment-token')).toContainText(`Token #${token}`);
    await expect(card.getByTestId('appointment-token')).toContainText(`Your place in the day: ${token}`);
  }
  await expectAccessible(second.page, 'My Appointments with a time and token');
  await screenshotBoth(second.page, 'visiting-hours-my-appointments');
  await first.close();
  await second.close();

  // The clinic's day view lists them by time with their tokens: a table on a wide screen, cards on a phone.
  await page.reload();
  await page.getByRole('button', { name: 'Next day' }).click();
  const rows = page.getByRole('table').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(1)).toContainText('#1 · 15:30');
  await expect(rows.nth(1)).toContainText('Ravi Kumar');
  await expect(rows.nth(2)).toContainText('#2 · 15:45');
  await expect(rows.nth(2)).toContainText('Anil Sharma');
  await page.setViewportSize(PHONE);
  const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
  await expect(cards.nth(0)).toContainText('#1 · 15:30');
  await expect(cards.nth(1)).toContainText('#2 · 15:45');
  await screenshotBoth(page, 'visiting-hours-clinic-day');
});

test('a time taken meanwhile is refused and the times refresh; offline, the time waits on the device and its refusal is reported', async ({
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(150_000);
  const clinic = await browser.newContext({ baseURL });
  const { clinicName, clinicId, doctorId, doctorName } = await createClinicWithDoctor(clinic.request, mailbox, {
    settings: { maxSlots: 10, visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 15 },
  });
  await clinic.close();
  const today = todayInIndia(new Date());
  const tomorrow = addDays(today, 1);
  const dayAfter = addDays(today, 2);
  // Two other reps, each taking one time of tomorrow through the API while this rep is choosing.
  const others = await Promise.all(
    ['Anil Sharma', 'Vijay Rao'].map(async (name) => {
      const context = await browser.newContext({ baseURL });
      return { context, rep: await signInRepWithTrial(context.request, mailbox, { fullName: name }) };
    }),
  );
  const takeTime = async (i: number, startTime: string) =>
    ok(
      await others[i]!.context.request.post('/api/book-appointment', {
        data: { doctorId, clinicId, repId: others[i]!.rep.id, appointmentDate: tomorrow, startTime },
      }),
    );

  const { page, close } = await repOnCalendar(browser, baseURL!, mailbox, 'Ravi Kumar', { doctorName, clinicName });
  const book = await bookTime(page, tomorrow, '16:00');
  await takeTime(0, '16:00');
  await book.click();
  const taken = 'This visit time is no longer available. Please select another time.';
  await expect(page.getByTestId('toast')).toContainText(taken);
  await expect(page.getByTestId('visit-time-notice')).toHaveText(taken);
  await expect(page.getByRole('radio', { name: '16:00, Taken' })).toBeDisabled();
  await expect(book).toBeDisabled();

  // Offline: the day opened online comes from the device; a day never opened is worked out from the kept calendar.
  await page.context().setOffline(true);
  const estimate = page.getByText('You are offline: some of these times may already be taken.');
  if (dayAfter.slice(0, 7) === tomorrow.slice(0, 7)) {
    await page.getByRole('grid').locator(`[data-date="${dayAfter}"]`).click();
    await expect(estimate).toBeVisible();
    await expect(page.getByRole('radio', { name: '16:00', exact: true })).toBeEnabled();
  }
  await page.getByRole('grid').locator(`[data-date="${tomorrow}"]`).click();
  await expect(estimate).toBeHidden();
  await expect(page.getByRole('radio', { name: '16:00, Taken' })).toBeDisabled();
  await page.getByRole('radio', { name: '16:15', exact: true }).check();
  await book.click();
  await expect(page.getByTestId('toast')).toContainText(`Saved Offline`);
  await expect(page.getByTestId('toast')).toContainText(`on ${formatDisplayDate(tomorrow)} at 16:15 will be booked`);
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(page.getByTestId('pending-appointment-card')).toContainText('at 16:15');

  // Another rep takes the waiting time before the network returns: the sync names it with the server's reason.
  await takeTime(1, '16:15');
  await page.context().setOffline(false);
  await expect(page.getByTestId('toast')).toContainText('Offline Booking Failed', { timeout: 20_000 });
  await expect(page.getByTestId('toast')).toContainText(`on ${formatDisplayDate(tomorrow)} at 16:15: ${taken}`);
  await expect(page.getByTestId('pending-appointment-card')).toHaveCount(0);
  await close();
  for (const o of others) await o.context.close();
});
