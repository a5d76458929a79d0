import { expect, screenshot, screenshotBoth, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { inBatches, registerRep, signInAdmin } from './setup';

// Decision 023: the e-mail dashboard reads its lists a page at a time, searches and filters on the server, and
// "Select All" e-mails everyone the filter matches, not only the rows loaded. This journey runs on a server of its
// own holding more reps than one page (50), made through the real sign-up; the server trusts X-Forwarded-For so the
// sign-ups do not share one address's registration budget.

const NOT_ACTIVATED = 52;
const ON_TRIAL = 3;

let server: AppServer & { stop(): Promise<void> };
test.beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true' });
});
test.afterAll(async () => server?.stop());

test('the admin pages, searches and e-mails everyone a filter matches, beyond the rows loaded', async ({ browser }) => {
  test.setTimeout(360_000);
  const mailbox = server.mailbox;
  const context = await browser.newContext({ baseURL: server.baseURL });
  const api = context.request;
  const plain = await inBatches(NOT_ACTIVATED, 6, (i) => registerRep(api, mailbox, `Mail Rep ${String(i).padStart(2, '0')}`));
  // One at a time: each signs in, and the context holds one session cookie.
  const trial = await inBatches(ON_TRIAL, 1, (i) => registerRep(api, mailbox, `Trial Rep ${i}`, { trial: true }));
  const pending = await inBatches(2, 2, (i) => registerRep(api, mailbox, `Waiting Rep ${i}`, { pending: true }));
  const page = await context.newPage();
  const toastBox = page.getByTestId('toast');
  await signInAdmin(page, server.baseURL);

  // The recipients: one page of 50 of the 55, and the next on "Load more", by keyboard.
  await page.getByRole('link', { name: 'Email Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Email Dashboard' })).toBeVisible();
  const panel = page.getByRole('region', { name: 'Medical representatives' });
  const total = NOT_ACTIVATED + ON_TRIAL;
  await expect(page.getByRole('checkbox', { name: `Select All (${total})` })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(50);
  await expect(panel.getByRole('status')).toHaveText(`Showing 50 of ${total} representatives`);
  await panel.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(panel.getByRole('listitem')).toHaveCount(total);
  await expect(panel.getByRole('status')).toHaveText(`Showing ${total} of ${total} representatives`);
  await expect(panel.getByRole('status')).toBeFocused();

  // A search asks the server; "Select All" then takes the search's 3, and an untick leaves 2.
  await page.getByLabel('Search recipients by name or email').fill('trial rep');
  await expect(page.getByRole('checkbox', { name: `Select All (${ON_TRIAL})` })).toBeVisible();
  await expect(panel.getByRole('listitem')).toHaveCount(ON_TRIAL);
  await page.getByRole('checkbox', { name: `Select All (${ON_TRIAL})` }).click();
  await expect(page.getByRole('heading', { name: `Recipients (${ON_TRIAL} selected)` })).toBeVisible();
  await page.getByRole('checkbox', { name: new RegExp(trial[0]!.fullName) }).click();
  await expect(page.getByRole('heading', { name: 'Recipients (2 selected)' })).toBeVisible();
  await page.getByRole('button', { name: 'Trial Reminder' }).click();
  await screenshotBoth(page, 'admin-email-search-select-all');
  await page.getByRole('button', { name: 'Send to 2 Recipients' }).click();
  await expect(toastBox).toContainText('2 sent', { timeout: 30_000 });
  const reminders = mailbox.messages.filter((m) => m.subject.endsWith(', your free trial is waiting'));
  expect(new Set(reminders.map((m) => m.to[0])), 'exactly the searched reps less the unticked one').toEqual(new Set(trial.slice(1).map((r) => r.email)));
  expect(reminders.map((m) => m.subject).sort()).toEqual(trial.slice(1).map((r) => `${r.fullName}, your free trial is waiting`));

  // A new filter ends "Select All"; the Not Activated group's Select All reaches all 52, though 50 are on screen.
  await page.getByLabel('Search recipients by name or email').fill('');
  await page.getByLabel('Filter').selectOption({ label: 'Free Trial Not Activated' });
  await expect(page.getByRole('heading', { name: 'Recipients (0 selected)' })).toBeVisible();
  await page.getByRole('checkbox', { name: `Select All (${NOT_ACTIVATED})` }).click();
  await expect(panel.getByRole('listitem')).toHaveCount(50);
  await page.getByLabel('Subject').fill('Your RepVisit trial is waiting, {{name}}');
  await page.getByLabel('Email Content').fill('Hello {{name}}, activate your free trial.');
  await screenshotBoth(page, 'admin-email-filter-select-all');
  await page.getByRole('button', { name: `Send to ${NOT_ACTIVATED} Recipients` }).click();
  await expect(toastBox).toContainText(`${NOT_ACTIVATED} sent`, { timeout: 60_000 });
  const waiting = mailbox.messages.filter((m) => m.subject.startsWith('Your RepVisit trial is waiting'));
  expect(new Set(waiting.map((m) => m.to[0]))).toEqual(new Set(plain.map((r) => r.email)));
  expect(waiting).toHaveLength(NOT_ACTIVATED);

  // Manage Recipients searches on the server too; the history is read a page at a time.
  await page.getByRole('tab', { name: 'Manage Recipients' }).click();
  await page.getByLabel('Search all medical reps by name or email').fill(plain[7]!.email);
  await expect(page.getByRole('row').filter({ hasText: plain[7]!.email })).toHaveCount(1);
  await expect(page.getByText('Showing 1 of 1 representative')).toBeVisible();
  await page.getByRole('tab', { name: 'Email History' }).click();
  const history = page.getByRole('table', { name: 'Email delivery history' });
  await expect(history.getByRole('row')).toHaveCount(51); // the header and 50 rows
  // The foot of a long list on a phone: the count and the button, within reach.
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('button', { name: 'Load more' }).scrollIntoViewIfNeeded();
  await screenshot(page, { path: 'test-results/screens/admin-email-history-foot-phone.png' });
  await page.setViewportSize(size);
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(history.getByRole('row')).toHaveCount(101);
  await screenshotBoth(page, 'admin-email-history-paged');

  // The re-registration tool: Select all, untick one, Send to Selected reaches the other pending rep only.
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await page.getByRole('checkbox', { name: 'Select all (2 pending)' }).click();
  await page.getByRole('checkbox', { name: new RegExp(pending[0]!.fullName) }).click();
  const before = mailbox.messages.length;
  await page.getByRole('button', { name: 'Send to Selected' }).click();
  // The e-mail is queued with its new code, then delivered by a job whose progress the tool follows (decision 028).
  await expect(page.getByRole('main').getByText('1 re-registration email queued for sending')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Sending counts' })).toContainText('1 sent', { timeout: 30_000 });
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible();
  await expect(toastBox).toContainText('1 sent');
  await screenshotBoth(page, 'admin-reregistration-progress');
  const resent = mailbox.messages.slice(before).filter((m) => m.subject === 'Complete your RepVisit registration');
  expect(resent.map((m) => m.to[0])).toEqual([pending[1]!.email]);
  await context.close();
});
