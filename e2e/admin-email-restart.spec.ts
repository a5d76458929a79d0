import { expect, screenshot, screenshotBoth, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { inBatches, registerRep, signInAdmin } from './setup';

// Decision 028: every e-mail is an outbox row and a bulk send is a job kept in the database, so a server restart in
// the middle of one loses nothing: the restarted server goes on with it, and the admin's progress bar, which only
// notes "reconnecting…" while the server is away, follows it to the end. The server runs under its supervisor
// (only there does 'Restart Server' restart it, e2e/fixtures.ts), and its mail server takes MAIL_DELAY_MS over each
// message, so the send spans the restart. The delay stays well under the 3 s a stopping server waits for the
// deliveries under way (src/server/outbox/outbox-worker.ts): the restart is a graceful one, not a crash.

const REPS = 60;
const MAIL_DELAY_MS = 800;
const SUBJECT = 'RepVisit news for';

let server: AppServer & { stop(): Promise<void> };
test.beforeAll(async () => {
  server = await startServer({ TRUST_PROXY: 'true' }, { supervised: true, mailAcceptDelayMs: MAIL_DELAY_MS });
});
test.afterAll(async () => server?.stop());

test('a bulk e-mail goes on through a server restart, and its progress bar follows it to the end', async ({ browser }) => {
  test.setTimeout(300_000);
  const { mailbox } = server;
  const context = await browser.newContext({ baseURL: server.baseURL });
  const reps = await inBatches(REPS, 10, (i) => registerRep(context.request, mailbox, `Restart Rep ${String(i).padStart(2, '0')}`));
  const news = () => mailbox.messages.filter((m) => m.subject.startsWith(SUBJECT));

  const page = await context.newPage();
  // The progress polls the server could not answer: refused while it was down, 503 while it closed.
  const missedPolls: string[] = [];
  const isJobPoll = (url: string) => url.includes('/api/admin/email-jobs/');
  page.on('requestfailed', (r) => {
    if (isJobPoll(r.url())) missedPolls.push(r.failure()?.errorText ?? 'failed');
  });
  page.on('response', (r) => {
    if (isJobPoll(r.url()) && r.status() >= 500) missedPolls.push(String(r.status()));
  });

  await signInAdmin(page, server.baseURL);
  await page.getByRole('link', { name: 'Email Dashboard' }).click();
  await page.getByRole('checkbox', { name: `Select All (${REPS})` }).click();
  await page.getByLabel('Subject').fill(`${SUBJECT} {{name}}`);
  await page.getByLabel('Email Content').fill('Hello {{name}}, the clinics near you have new visiting hours.');
  await page.getByRole('button', { name: `Send to ${REPS} Recipients` }).click();

  // Under way: some sent, most still pending. Then the admin restarts the server from the dashboard's header.
  await expect(page.getByRole('main').getByText(`${REPS} emails queued for sending`)).toBeVisible();
  const counts = page.getByRole('list', { name: 'Sending counts' });
  await expect(counts).toContainText(/\b[1-9]\d* sent/, { timeout: 20_000 });
  await screenshotBoth(page, 'admin-email-progress-under-way');
  await page.getByRole('button', { name: 'Restart Server' }).click();
  await page.getByRole('dialog', { name: 'Restart Server' }).getByRole('button', { name: 'Restart', exact: true }).click();

  // While the server is away the bar keeps its place and says it is reconnecting.
  const reconnecting = page.getByText('reconnecting…');
  await expect(reconnecting).toBeVisible({ timeout: 20_000 });
  const deliveredWhileAway = news().length;
  await screenshot(page, { path: 'test-results/screens/admin-email-progress-reconnecting-desktop.png' });
  expect(deliveredWhileAway, 'the send was still under way when the server went away').toBeLessThan(REPS);
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toBeVisible();

  // Back, and on to the end: every rep sent, nothing failed or left.
  await expect(page.getByRole('status').filter({ hasText: 'Finished' })).toBeVisible({ timeout: 120_000 });
  await expect(reconnecting).toBeHidden();
  await expect(counts).toHaveText(`${REPS} sent0 failed0 pending`);
  await expect(page.getByRole('progressbar', { name: 'Sending progress' })).toHaveAttribute('value', '100');
  await expect(page.getByRole('button', { name: /Retry failed/ })).toHaveCount(0);
  await screenshotBoth(page, 'admin-email-progress-finished');

  expect(server.output(), 'the supervisor restarted the server').toContain('supervisor: restarting the server');
  expect(missedPolls.length, 'some polls went unanswered while the server restarted').toBeGreaterThan(0);
  // Each rep's e-mail arrived, once: the restart stopped the deliveries under way gracefully.
  expect(new Set(news().map((m) => m.to[0]))).toEqual(new Set(reps.map((r) => r.email)));
  expect(news()).toHaveLength(REPS);

  // The history lists them all as sent, and the summary cards count them.
  await page.getByRole('tab', { name: 'Email History' }).click();
  await expect(page.getByRole('list', { name: 'Email summary' })).toContainText('On the Way0');
  const history = page.getByRole('table', { name: 'Email delivery history' });
  await expect(history.getByRole('row').filter({ hasText: SUBJECT }).first()).toContainText('sent');
  await screenshotBoth(page, 'admin-email-history-after-restart');
  await context.close();
});
