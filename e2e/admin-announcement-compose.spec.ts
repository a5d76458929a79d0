import type { Browser } from '@playwright/test';
import { formatDisplayDate, todayInIndia } from '../src/shared/dates';
import { expect, screenshotBoth, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { ok, signInAdmin, signInRep, signInRepWithTrial, uniq, uniqueWord } from './setup';

// Decision 035: the rep's dismissal of an announcement lasts across reloads (per announcement), the admin sees and
// withdraws the announcement the reps see, a bulk e-mail goes out once however the Send button is clicked, the stat
// card and the Analytics tab name the same count alike, and Manage Recipients writes dates dd/mm/yyyy.

// A server of this file's own: its admin sign-ins would otherwise spend the admin gate's budget per address (5 in
// 15 minutes, decision 031) that the other journeys on the shared server need.
test.describe.configure({ mode: 'serial' });
let server: (AppServer & { stop(): Promise<void> }) | undefined;
test.beforeAll(async () => {
  server = await startServer();
});
test.afterAll(async () => server?.stop());

/** A page of a browser context of its own on this file's server, with that server's address and mailbox. */
async function onServer(browser: Browser) {
  const { baseURL, mailbox } = server!;
  const page = await (await browser.newContext({ baseURL })).newPage();
  return { page, baseURL, mailbox };
}

test('a dismissed announcement stays dismissed after a reload, a new one shows, and the admin withdraws it', async ({ browser }) => {
  const { page, baseURL, mailbox } = await onServer(browser);
  test.setTimeout(120_000);
  const tag = uniq().slice(-6);
  const repContext = await browser.newContext({ baseURL });
  // Letters only in names: the e-mailed code is the first six digits in the mail.
  await signInRepWithTrial(repContext.request, mailbox, { fullName: `Banner Rep ${uniqueWord()}` });
  const repPage = await repContext.newPage();
  const banner = repPage.getByRole('region', { name: 'Announcement' });
  const toastBox = page.getByTestId('toast');

  await signInAdmin(page, baseURL);
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const current = page.getByRole('region', { name: 'Current Announcement' });
  const broadcast = async (message: string) => {
    await page.getByLabel('Message').fill(message);
    await page.getByRole('button', { name: 'Send Notification' }).click();
    await expect(current.getByRole('region', { name: 'Shown to medical representatives' })).toHaveText(message);
  };

  // The admin sends one; the Notifications tab shows it as the one the reps see.
  const first = `Clinics close early on Friday ${tag}.`;
  await broadcast(first);
  await expect(current).toContainText(`Sent on ${formatDisplayDate(todayInIndia(new Date()))}`);
  await screenshotBoth(page, 'admin-current-announcement');

  // The rep dismisses it; a reload does not bring it back.
  await repPage.goto('/medrep-dashboard');
  await expect(banner).toContainText(first);
  await banner.getByRole('button', { name: 'Dismiss announcement' }).click();
  await expect(banner).toHaveCount(0);
  await repPage.reload();
  await expect(repPage.getByRole('tab', { name: 'Book Appointment' })).toBeVisible();
  await expect(repPage.getByText('Find a Doctor')).toBeVisible();
  await expect(banner).toHaveCount(0);

  // A new announcement shows again, even with the same words as before.
  await broadcast(first);
  await repPage.reload();
  await expect(banner).toContainText(first);
  const second = `Visiting hours move to 2 pm ${tag}.`;
  await broadcast(second);
  await repPage.reload();
  await expect(banner).toContainText(second);

  // The admin withdraws it: the tab says none is showing, and the rep's banner is gone.
  await current.getByRole('button', { name: 'Withdraw' }).click();
  await expect(toastBox).toContainText('Announcement withdrawn');
  await expect(current).toContainText('No announcement is showing to medical representatives.');
  await screenshotBoth(page, 'admin-no-announcement');
  expect((await (await page.request.get('/api/admin/notifications/active')).json()).notification).toBeNull();
  await repPage.reload();
  await expect(repPage.getByText('Find a Doctor')).toBeVisible();
  await expect(banner).toHaveCount(0);
  await repContext.close();
});

test('a bulk e-mail goes out once on a double click, then the form and the selection are clear', async ({ browser }) => {
  const { page, baseURL, mailbox } = await onServer(browser);
  test.setTimeout(120_000);
  const tag = uniq().slice(-6);
  const name = uniqueWord();
  const other = await browser.newContext({ baseURL });
  const reps = [
    await signInRep(other.request, mailbox, { fullName: `Mail Once ${name} A` }),
    await signInRep(other.request, mailbox, { fullName: `Mail Once ${name} B` }),
  ];
  await other.close();
  const toastBox = page.getByTestId('toast');
  const sends: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/api/admin/send-bulk-email')) sends.push(r.url());
  });

  await signInAdmin(page, baseURL);
  await page.getByRole('link', { name: 'Email Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Email Dashboard' })).toBeVisible();
  for (const rep of reps) await page.getByRole('checkbox', { name: new RegExp(rep.fullName) }).click();
  await expect(page.getByRole('heading', { name: 'Recipients (2 selected)' })).toBeVisible();
  const subject = `Visit plan ${tag} for {{name}}`;
  await page.getByLabel('Subject').fill(subject);
  await page.getByLabel('Email Content').fill('Hello {{name}}, your visit plan for next week is ready.');

  // A double click, as an impatient admin gives it: one send.
  await page.getByRole('button', { name: 'Send to 2 Recipients' }).dblclick();
  await expect(toastBox).toContainText('2 sent', { timeout: 20_000 });
  expect(sends).toHaveLength(1);
  const planMails = () => mailbox.messages.filter((m) => m.subject.startsWith(`Visit plan ${tag} for`));
  expect(
    planMails()
      .map((m) => m.to[0])
      .sort(),
  ).toEqual(reps.map((r) => r.email).sort());

  // Sent: the draft and the selection are cleared, so the same e-mail cannot go out again by one more click.
  await expect(page.getByLabel('Subject')).toHaveValue('');
  await expect(page.getByLabel('Email Content')).toHaveValue('');
  await expect(page.getByRole('heading', { name: 'Recipients (0 selected)' })).toBeVisible();
  for (const rep of reps) await expect(page.getByRole('checkbox', { name: new RegExp(rep.fullName) })).not.toBeChecked();
  await expect(page.getByRole('button', { name: 'Send to 0 Recipients' })).toBeDisabled();
  await screenshotBoth(page, 'admin-compose-after-send');
  expect(sends).toHaveLength(1);
  expect(planMails()).toHaveLength(2);
});

test('Manage Recipients writes the Registered date as dd/mm/yyyy, like the rest of the product', async ({ browser }) => {
  const { page, baseURL, mailbox } = await onServer(browser);
  const other = await browser.newContext({ baseURL });
  const rep = await signInRep(other.request, mailbox, { fullName: `Dated Rep ${uniqueWord()}` });
  await other.close();
  await signInAdmin(page, baseURL);
  await page.getByRole('link', { name: 'Email Dashboard' }).click();
  await page.getByRole('tab', { name: 'Manage Recipients' }).click();
  await page.getByLabel('Search all medical reps by name or email').fill(rep.email);
  const row = page.getByRole('row').filter({ hasText: rep.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByRole('cell').last()).toHaveText(formatDisplayDate(todayInIndia(new Date())));
  await screenshotBoth(page, 'admin-manage-recipients');
});

test("the 'Active Subscriptions' card and Subscription Analytics' 'Active' show the same number", async ({ browser }) => {
  test.setTimeout(120_000);
  // A server of its own, so the counts are exactly the reps made here: one paid, one on a free trial, one with none.
  const server = await startServer();
  try {
    const context = await browser.newContext({ baseURL: server.baseURL });
    const api = context.request;
    const paid = await signInRep(api, server.mailbox, { fullName: 'Paid Rep' });
    const { orderId } = await ok<{ orderId: string }>(await api.post('/api/subscription/create', { data: { planType: 'monthly', medicalRepId: paid.id } }));
    const payment = await ok<object>(await api.post('/api/subscription/test-checkout/complete', { data: { orderId } }));
    await ok(await api.post('/api/subscription/verify', { data: { ...payment, medicalRepId: paid.id } }));
    await signInRepWithTrial(api, server.mailbox, { fullName: 'Trial Rep' });
    await signInRep(api, server.mailbox, { fullName: 'Unsubscribed Rep' });

    const page = await context.newPage();
    await signInAdmin(page, server.baseURL);
    const card = page.getByRole('list', { name: 'Platform statistics' }).getByRole('listitem').filter({ hasText: 'Active Subscriptions' });
    await expect(card).toHaveText('Active Subscriptions2');
    await expect(page.getByRole('list', { name: 'Platform statistics' }).getByRole('listitem').filter({ hasText: 'Medical Reps' })).toHaveText('Medical Reps3');

    await page.getByRole('tab', { name: 'Analytics' }).click();
    const analytics = page.getByRole('region', { name: 'Analytics' });
    const figure = (label: string) =>
      analytics
        .getByRole('term')
        .filter({ hasText: new RegExp(`^${label}$`) })
        .locator('xpath=following-sibling::dd[1]');
    // Subscription Analytics names it 'Active' (spec part 2, 2.5; docs/decisions/052).
    await expect(figure('Active')).toHaveText('2');
    await expect(figure('Free Trials')).toHaveText('1');
    await expect(figure('Medical Reps')).toHaveText('3');
    await expect(figure('Total Clinics')).toHaveText('0');
    await expect(analytics.getByText('Included in Active', { exact: true })).toBeVisible();
    await screenshotBoth(page, 'admin-analytics-counts');
    await context.close();
  } finally {
    await server.stop();
  }
});
