import { createHmac } from 'node:crypto';
import { addDays, todayInIndia } from '../src/shared/dates';
import { expect, screenshotBoth, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { chooseDoctorAndClinic, createClinicWithDoctor, ok, signInAdmin, signInRep, signInRepWithTrial } from './setup';

// Decision 032: the calendar offers no date after the booking horizon (BOOKING_HORIZON_DAYS, here 5 days), and a
// payment refunded through Razorpay's signed webhook reads "Refunded" to the rep and in the admin's Subscriptions tab.

const WEBHOOK_SECRET = 'journey-webhook-secret';
const HORIZON_DAYS = 5;

test.describe.configure({ mode: 'serial' });
let server: (AppServer & { stop(): Promise<void> }) | undefined;
test.beforeAll(async () => {
  server = await startServer({ BOOKING_HORIZON_DAYS: String(HORIZON_DAYS), RAZORPAY_WEBHOOK_SECRET: WEBHOOK_SECRET });
});
test.afterAll(async () => server?.stop());

test('the calendar offers no date after the booking horizon', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseURL });
  const page = await context.newPage();
  const { clinicName, clinicId, doctorId, doctorName } = await createClinicWithDoctor(context.request, server!.mailbox, { doctorName: 'Horizon Rao' });
  const rep = await signInRepWithTrial(page.request, server!.mailbox);
  await page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(page, { doctorLabel: `Dr. ${doctorName}`, clinicName: clinicName });
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();

  const today = todayInIndia(new Date());
  const last = addDays(today, HORIZON_DAYS);
  const later = addDays(last, 1);
  // The last bookable day can be picked; the day after it cannot, in whichever month it falls.
  if (last.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await expect(grid.locator(`[data-date="${last}"]`)).toHaveAccessibleName(/, 3 slots left$/);
  if (later.slice(0, 7) === last.slice(0, 7)) {
    const day = grid.locator(`[data-date="${later}"]`);
    await expect(day).toHaveAccessibleName(/, unavailable: too far ahead to book$/);
    await expect(day).toHaveText(/Later/);
    await expect(day).toHaveAttribute('aria-disabled', 'true');
    await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  } else {
    await expect(page.getByRole('button', { name: 'Next month' })).toBeDisabled();
  }
  await screenshotBoth(page, 'rep-calendar-horizon');

  // The server refuses it too, whatever the screen offered.
  for (const appointmentDate of [later, '9999-12-31']) {
    const res = await page.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: rep.id, appointmentDate } });
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('beyond_horizon');
  }
  await context.close();
});

test('a refunded payment reads Refunded to the rep and in the admin Subscriptions tab', async ({ browser }) => {
  const context = await browser.newContext({ baseURL: server!.baseURL });
  const page = await context.newPage();
  const rep = await signInRep(page.request, server!.mailbox, { fullName: 'Refund Rao' });
  // The labelled test checkout (no Razorpay keys here): an order, the "payment", the signed verify.
  const { orderId } = await ok<{ orderId: string }>(
    await page.request.post('/api/subscription/create', { data: { planType: 'monthly', medicalRepId: rep.id } }),
  );
  const paid = await ok<{ razorpay_payment_id: string; razorpay_order_id: string; razorpay_signature: string }>(
    await page.request.post('/api/subscription/test-checkout/complete', { data: { orderId } }),
  );
  await ok(await page.request.post('/api/subscription/verify', { data: { ...paid, medicalRepId: rep.id } }));

  const refundId = `rfnd_journey${Date.now()}`;
  const now = Math.floor(Date.now() / 1000);
  const body = JSON.stringify({
    entity: 'event',
    account_id: 'acc_journey',
    event: 'refund.processed',
    contains: ['refund', 'payment'],
    payload: {
      refund: {
        entity: { id: refundId, entity: 'refund', amount: 9900, currency: 'INR', payment_id: paid.razorpay_payment_id, status: 'processed', created_at: now },
      },
      payment: {
        entity: {
          id: paid.razorpay_payment_id,
          entity: 'payment',
          amount: 9900,
          currency: 'INR',
          status: 'refunded',
          order_id: orderId,
          amount_refunded: 9900,
          captured: true,
        },
      },
    },
    created_at: now,
  });
  const signature = createHmac('sha256', WEBHOOK_SECRET).update(body).digest('hex');
  await ok(
    await page.request.post('/api/subscription/webhook', { headers: { 'content-type': 'application/json', 'x-razorpay-signature': signature }, data: body }),
  );

  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const panel = page.getByRole('region', { name: 'Subscription' });
  await expect(panel.getByTestId('subscription-status')).toHaveText('Refunded');
  await expect(panel.getByTestId('subscription-refund')).toContainText('INR 99 refunded on');
  await expect(panel.getByTestId('subscription-refund')).toContainText(refundId);
  await screenshotBoth(page, 'rep-subscription-refunded');
  const mail = await server!.mailbox.waitFor(rep.email, (m) => /refund/i.test(m.subject), 10_000);
  expect(mail.text).toContain(refundId);

  const admin = await browser.newPage();
  await signInAdmin(admin, server!.baseURL);
  await admin.getByRole('tab', { name: 'Subscriptions' }).click();
  const row = admin.getByRole('row').filter({ hasText: rep.email });
  await expect(row).toContainText('Refunded');
  await expect(row.getByTestId('subscription-refund')).toContainText('INR 99 refunded on');
  await screenshotBoth(admin, 'admin-subscriptions-refunded');
  await admin.close();
  await context.close();
});
