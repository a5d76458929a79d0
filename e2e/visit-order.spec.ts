import type { Browser } from '@playwright/test';
import { addDays, todayInIndia } from '../src/shared/dates';
import { expect, screenshot, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { createClinicWithDoctor, ok, signInAdmin, signInRepWithTrial } from './setup';

// The day's order (docs/decisions/039): the clinic's day view lists the visits by time with "#token · time", the
// rep's name, company and number, as a table on a desktop and as cards in the same order on a phone; a cancelled
// visit keeps its row without a token. The admin's Appointments list shows the time and the token too.

const SHOTS = 'test-results/screens';

// A server of this file's own: its admin sign-in would otherwise spend the admin gate's budget per address (5 in 15
// minutes, decision 031) that the other journeys on the shared server need.
let server: (AppServer & { stop(): Promise<void> }) | undefined;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

async function repBooks(
  browser: Browser,
  baseURL: string,
  mailbox: Parameters<typeof signInRepWithTrial>[1],
  o: { clinicId: number; doctorId: number; date: string; startTime: string; fullName: string },
) {
  const ctx = await browser.newContext({ baseURL });
  const rep = await signInRepWithTrial(ctx.request, mailbox, { fullName: o.fullName });
  const { appointment } = await ok<{ appointment: { id: number; token: number } }>(
    await ctx.request.post('/api/book-appointment', {
      data: { doctorId: o.doctorId, clinicId: o.clinicId, repId: rep.id, appointmentDate: o.date, startTime: o.startTime },
    }),
  );
  return { ...rep, appointment, api: ctx.request, close: () => ctx.close() };
}

test('the clinic sees the day by time with tokens; the admin list shows time and token', async ({ browser }) => {
  test.setTimeout(120_000);
  const { baseURL, mailbox } = server!;
  const page = await (await browser.newContext({ baseURL })).newPage();
  const { clinicId, doctorId, doctorName } = await createClinicWithDoctor(page.request, mailbox, {
    settings: { maxSlots: 6, visitWindows: [{ start: '15:30', end: '16:30' }], slotMinutes: 15 },
  });
  const tomorrow = addDays(todayInIndia(new Date()), 1);
  const at = { clinicId, doctorId, date: tomorrow };
  const later = await repBooks(browser, baseURL, mailbox, { ...at, startTime: '15:45', fullName: 'Anil Later' });
  const earlier = await repBooks(browser, baseURL, mailbox, { ...at, startTime: '15:30', fullName: 'Bina Earlier' });
  const gone = await repBooks(browser, baseURL, mailbox, { ...at, startTime: '16:00', fullName: 'Chetan Gone' });
  await ok(await gone.api.delete(`/api/appointments/${gone.appointment.id}`));
  for (const r of [later, earlier, gone]) await r.close();

  await page.goto('/clinic/dashboard');
  await page.getByRole('button', { name: 'Next day' }).click();

  // Desktop: the table, by time, the cancelled visit last here (its time is the latest) and without a token.
  await page.setViewportSize({ width: 1280, height: 900 });
  const rows = page.getByRole('table').locator('tbody').getByRole('row');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText('#1 · 15:30');
  await expect(rows.nth(0)).toContainText('Bina Earlier');
  await expect(rows.nth(0)).toContainText('Sun Pharma');
  await expect(rows.nth(1)).toContainText('#2 · 15:45');
  await expect(rows.nth(1)).toContainText('Anil Later');
  await expect(rows.nth(2)).toContainText('16:00');
  await expect(rows.nth(2)).not.toContainText('#');
  await expect(rows.nth(2)).toContainText('Cancelled');
  await screenshot(page, { path: `${SHOTS}/day-order-clinic-1280.png`, fullPage: true });

  // Phone: cards in the same order.
  await page.setViewportSize({ width: 360, height: 780 });
  const cards = page.getByRole('list', { name: 'Appointments' }).getByRole('listitem');
  await expect(cards).toHaveCount(3);
  await expect(cards.nth(0)).toContainText('#1 · 15:30');
  await expect(cards.nth(0)).toContainText('Bina Earlier');
  await expect(cards.nth(1)).toContainText('#2 · 15:45');
  await expect(cards.nth(2)).toContainText('Chetan Gone');
  await screenshot(page, { path: `${SHOTS}/day-order-clinic-360.png`, fullPage: true });

  // The admin's list.
  const admin = await browser.newPage({ baseURL });
  await signInAdmin(admin, baseURL);
  await admin.getByRole('tab', { name: 'Appointments' }).click();
  const tab = admin.getByRole('region', { name: 'Appointments', exact: true });
  await tab.getByLabel('Doctor name').fill(doctorName);
  await admin.setViewportSize({ width: 1280, height: 900 });
  const adminRows = tab.getByRole('table').locator('tbody').getByRole('row');
  await expect(adminRows).toHaveCount(3);
  await expect(tab.getByRole('row').filter({ hasText: 'Bina Earlier' })).toContainText('15:30#1');
  await expect(tab.getByRole('row').filter({ hasText: 'Chetan Gone' })).toContainText('16:00—');
  await screenshot(admin, { path: `${SHOTS}/day-order-admin-1280.png`, fullPage: true });
  await admin.setViewportSize({ width: 360, height: 780 });
  await expect(tab.getByRole('list', { name: 'Appointments' }).getByRole('listitem').filter({ hasText: 'Anil Later' })).toContainText('#2');
  await screenshot(admin, { path: `${SHOTS}/day-order-admin-360.png`, fullPage: true });
  await admin.close();
});
