import type { APIRequestContext } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import { codeIn, type Mailbox, type ReceivedMail } from '../src/server/test/mailbox';
import { startRazorpayStandIn } from '../src/server/test/razorpay-stand-in';
import { expect, screenshotBoth, test } from './fixtures';
import { startServer } from './server';

// Decision 006: a new rep sees the subscription panel instead of the booking form, starts the free trial and the
// 'Find a Doctor' form appears; another pays for the monthly plan through the labelled test checkout (the
// server runs without Razorpay keys) and becomes active.

const PASSWORD = 'Journey!Pass1';
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Registers, verifies by the e-mailed code, signs in and accepts the terms, all in the page's cookie jar. */
async function signInNewRep(api: APIRequestContext, mailbox: Mailbox, fullName: string) {
  const email = `rep${uniq()}@example.com`;
  const before: ReceivedMail[] = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName, email, phone: phoneNumber(), company: 'Cipla', state: 'Jammu and Kashmir', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await mailbox.waitFor(email, (m) => !before.includes(m), 10_000));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  return { email, fullName, id: user.id };
}

test('a new rep starts the free trial and the booking form appears', async ({ page, mailbox }) => {
  const rep = await signInNewRep(page.request, mailbox, 'Anita Verma');
  await page.goto('/medrep-dashboard');

  const panel = page.getByRole('region', { name: 'Subscription' });
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('subscription-status')).toHaveText('Inactive');
  await expect(page.getByText('Find a Doctor')).toHaveCount(0);
  // The free-access promotion ended on 31/07/2025: the offer is hidden, the free trial is not.
  await expect(panel.getByText('Free access offer')).toHaveCount(0);
  await expect(panel.getByRole('heading', { name: '30-day free trial' })).toBeVisible();
  await expect(panel.getByText('INR 99', { exact: true })).toBeVisible();
  await expect(panel.getByText('INR 990', { exact: true })).toBeVisible();
  await expect(panel.getByText('Save INR 198 a year')).toBeVisible();
  await expect(panel.getByText('Test mode: no real payment')).toBeVisible();
  await screenshotBoth(page, 'subscription-panel-inactive');

  await panel.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Free Trial Activated', { exact: true })).toBeVisible();
  await expect(page.getByText('Find a Doctor')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Subscription' })).toHaveCount(0);
  const receipt = await mailbox.waitFor(rep.email, (m) => /free trial/i.test(m.subject), 10_000);
  expect(receipt.text).toContain(formatDisplayDate(addDays(todayInIndia(new Date()), 30)));

  // Settings shows the trial with its expiry and offers the plans to extend; the trial is not offered again.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settingsPanel = page.getByRole('region', { name: 'Subscription' });
  await expect(settingsPanel.getByTestId('subscription-status')).toHaveText('Free Trial');
  await expect(settingsPanel.getByText('Valid until')).toBeVisible();
  await expect(settingsPanel.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);
  await expect(settingsPanel.getByRole('button', { name: 'Extend with Monthly' })).toBeVisible();
  await settingsPanel.scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'subscription-panel-trial-settings');
});

test('a new rep pays for the monthly plan through the test checkout and becomes active', async ({ page, mailbox }) => {
  const rep = await signInNewRep(page.request, mailbox, 'Farhan Qadri');
  await page.goto('/medrep-dashboard');
  const panel = page.getByRole('region', { name: 'Subscription' });
  await expect(panel.getByTestId('subscription-status')).toHaveText('Inactive');

  // Cancelling the test checkout changes nothing.
  await panel.getByRole('button', { name: 'Subscribe Monthly' }).click();
  let dialog = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(panel.getByTestId('subscription-status')).toHaveText('Inactive');

  await panel.getByRole('button', { name: 'Subscribe Monthly' }).click();
  dialog = page.getByRole('dialog', { name: 'Test checkout' });
  await expect(dialog.getByText('TEST MODE', { exact: true })).toBeVisible();
  await expect(dialog.getByText('Monthly', { exact: true })).toBeVisible();
  await expect(dialog.getByText('INR 99.00')).toBeVisible();
  await screenshotBoth(page, 'subscription-test-checkout');
  await dialog.getByRole('button', { name: 'Pay (test)' }).click();

  await expect(page.getByText('Subscription Activated', { exact: true })).toBeVisible();
  await expect(page.getByText('Find a Doctor')).toBeVisible();
  const receipt = await mailbox.waitFor(rep.email, (m) => /receipt/i.test(m.subject), 10_000);
  expect(receipt.text).toContain('Amount paid: INR 99');

  await page.getByRole('tab', { name: 'Settings' }).click();
  const settingsPanel = page.getByRole('region', { name: 'Subscription' });
  await expect(settingsPanel.getByTestId('subscription-status')).toHaveText('Active');
  await expect(settingsPanel.getByText(formatDisplayDate(addDays(todayInIndia(new Date()), 30)))).toBeVisible();
  // A paid rep is not offered the free trial.
  await expect(settingsPanel.getByRole('button', { name: 'Start Free Trial' })).toHaveCount(0);

  const status = await ok<{ subscriptionStatus: string; isActive: boolean }>(await page.request.get(`/api/subscription/status/${rep.id}`));
  expect(status).toMatchObject({ subscriptionStatus: 'active', isActive: true });
});

test('a panel left open after the trial started elsewhere says why the trial is refused', async ({ page, mailbox }) => {
  const rep = await signInNewRep(page.request, mailbox, 'Sana Mir');
  await page.goto('/medrep-dashboard');
  const panel = page.getByRole('region', { name: 'Subscription' });
  await expect(panel.getByRole('button', { name: 'Start Free Trial' })).toBeVisible();
  // Another tab of the same rep starts the trial first.
  await ok(await page.request.post('/api/subscription/activate-free-trial', { data: { medicalRepId: rep.id } }));

  await panel.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByText('Failed to activate free trial', { exact: true })).toBeVisible();
  await expect(page.getByText('You have already used your free trial. Please choose a plan to continue.', { exact: true })).toBeVisible();
  // The panel catches up with the server: the trial is running, so the booking form shows.
  await expect(page.getByText('Find a Doctor')).toBeVisible();
});

test('while the free-access promotion runs, the offer shows with its end date', async ({ browser }) => {
  test.setTimeout(150_000); // its own server, started with the promotion running
  const server = await startServer({ FREE_ACCESS_PROMO_UNTIL: '2099-12-31' });
  const context = await browser.newContext({ baseURL: server.baseURL });
  try {
    const page = await context.newPage();
    await signInNewRep(page.request, server.mailbox, 'Imran Lone');
    await page.goto('/medrep-dashboard');
    const panel = page.getByRole('region', { name: 'Subscription' });
    await expect(panel.getByRole('heading', { name: 'Free access offer' })).toBeVisible();
    await expect(panel.getByText('Offer valid until 31/12/2099.', { exact: false })).toBeVisible();
    await screenshotBoth(page, 'subscription-panel-promo');
    await panel.getByRole('button', { name: 'Start Free Trial' }).click();
    await expect(page.getByText('Find a Doctor')).toBeVisible();
  } finally {
    await context.close();
    await server.stop();
  }
});

/**
 * Stands in for Razorpay's checkout.js in the browser: records the options it was opened with and "pays" by
 * handing back a payment signed with `secret` (HMAC-SHA256 of order_id|payment_id, as Razorpay signs it).
 */
const fakeCheckoutScript = (secret: string) => `
window.Razorpay = function (options) {
  this.on = function () {};
  this.open = async function () {
    window.__razorpayOptions = options;
    const paymentId = 'pay_' + Math.random().toString(36).slice(2, 12);
    const enc = new TextEncoder();
    const key = await crypto.subtle.importKey('raw', enc.encode(${JSON.stringify(secret)}), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
    const sig = new Uint8Array(await crypto.subtle.sign('HMAC', key, enc.encode(options.order_id + '|' + paymentId)));
    const hex = Array.from(sig, (b) => b.toString(16).padStart(2, '0')).join('');
    options.handler({ razorpay_payment_id: paymentId, razorpay_order_id: options.order_id, razorpay_signature: hex });
  };
};`;

test('with Razorpay keys, the checkout opens prefilled and a forged payment is refused', async ({ browser }) => {
  test.setTimeout(150_000); // its own server, with keys and a local stand-in of the Orders API
  const keys = { keyId: 'rzp_test_e2e', keySecret: 'e2e-key-secret' };
  const razorpay = await startRazorpayStandIn(keys);
  const server = await startServer({ RAZORPAY_KEY_ID: keys.keyId, RAZORPAY_KEY_SECRET: keys.keySecret, RAZORPAY_API_URL: razorpay.url });
  const context = await browser.newContext({ baseURL: server.baseURL });
  let signingSecret = 'not-the-key-secret';
  await context.route('https://checkout.razorpay.com/v1/checkout.js', (route) =>
    route.fulfill({ contentType: 'application/javascript', body: fakeCheckoutScript(signingSecret) }),
  );
  try {
    const page = await context.newPage();
    const rep = await signInNewRep(page.request, server.mailbox, 'Zoya Bhat');
    await page.goto('/medrep-dashboard');
    const panel = page.getByRole('region', { name: 'Subscription' });
    await expect(panel.getByTestId('subscription-status')).toHaveText('Inactive');
    await expect(panel.getByText('Test mode: no real payment')).toHaveCount(0);

    // A payment signed with the wrong secret: refused, with the spec's advice.
    await panel.getByRole('button', { name: 'Subscribe Yearly' }).click();
    await expect(page.getByText('Payment Verification Failed', { exact: true })).toBeVisible();
    await expect(page.getByText('Please contact support if money was deducted.', { exact: true })).toBeVisible();
    await expect(panel.getByRole('alert')).toContainText('Please contact support if money was deducted.');
    await expect(panel.getByTestId('subscription-status')).toHaveText('Inactive');
    await screenshotBoth(page, 'subscription-verification-failed');

    // A genuine payment: the checkout was opened prefilled with the rep's name, e-mail and phone.
    signingSecret = keys.keySecret;
    await page.reload();
    await page.getByRole('region', { name: 'Subscription' }).getByRole('button', { name: 'Subscribe Yearly' }).click();
    await expect(page.getByText('Subscription Activated', { exact: true })).toBeVisible();
    await expect(page.getByText('Find a Doctor')).toBeVisible();
    const options = await page.evaluate(() => (window as unknown as { __razorpayOptions: Record<string, unknown> }).__razorpayOptions);
    expect(options).toMatchObject({ key: keys.keyId, amount: 99000, currency: 'INR', prefill: { name: rep.fullName, email: rep.email } });
    // The stored E.164 number, the form Razorpay's prefill.contact expects (+{country code}{number}).
    expect(String((options.prefill as { contact: string }).contact)).toMatch(/^\+91\d{10}$/);
    expect(razorpay.requests.at(-1)).toMatchObject({ amount: 99000, currency: 'INR', notes: { repId: String(rep.id), planType: 'yearly' } });
  } finally {
    await context.close();
    await server.stop();
    await razorpay.stop();
  }
});
