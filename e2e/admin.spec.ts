import type { APIRequestContext } from '@playwright/test';
import { codeIn, type Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshotBoth, test } from './fixtures';

// Decision 009: the admin signs in, finds a rep, deactivates them (after a question) and reactivates them (one tap),
// broadcasts a message that then shows on the rep dashboard, deletes with the typed CONFIRM, and sends a templated
// e-mail to two reps.

const ADMIN_PASSWORD = 'Admin!Pass123';
const PASSWORD = 'Journey!Pass1';
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A verified rep signed in through `api` (its own cookie jar), with terms accepted and a free trial. */
async function signUpRep(api: APIRequestContext, mailbox: Mailbox, fullName: string, o: { trial?: boolean } = {}) {
  const email = `rep${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName, email, phone: phoneNumber(), company: 'Sun Pharma', state: 'Jammu and Kashmir', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await mailbox.waitFor(email, (m) => !before.includes(m), 10_000));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  if (o.trial !== false) await ok(await api.post('/api/subscription/activate-free-trial', { data: { medicalRepId: user.id } }));
  return { email, fullName, id: user.id };
}

test('the admin manages a rep, broadcasts to the rep dashboard, deletes with CONFIRM and e-mails two reps', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(180_000);
  const tag = uniq().slice(-5);
  const repContext = await browser.newContext({ baseURL });
  const asha = await signUpRep(repContext.request, mailbox, `Asha Verma ${tag}`);
  const otherContext = await browser.newContext({ baseURL });
  const bilal = await signUpRep(otherContext.request, mailbox, `Bilal Mir ${tag}`);
  const gone = await signUpRep(otherContext.request, mailbox, `Gone Rep ${tag}`, { trial: false });
  await otherContext.close();
  const toastBox = page.getByTestId('toast');

  // The gate: a wrong password is refused, the right one opens the dashboard.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await screenshotBoth(page, 'admin-gate');
  await page.getByLabel('Admin password').fill('wrong-password');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(toastBox).toContainText('Access Denied');
  await expect(toastBox).toContainText('Invalid admin credentials');
  await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await expect(page.getByText('Active Subscriptions')).toBeVisible();

  // A reload keeps the server session.
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();

  // Find the rep, look at the details, deactivate and reactivate.
  await page.getByLabel('Search medical reps by name or email').fill(asha.email);
  const row = page.getByRole('row').filter({ hasText: asha.email });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Medical Rep')).toBeVisible();
  await expect(row.getByText('Free Trial')).toBeVisible();
  await screenshotBoth(page, 'admin-reps-tab');
  await row.getByRole('button', { name: `View ${asha.fullName}` }).click();
  const details = page.getByRole('dialog', { name: asha.fullName });
  await expect(details).toContainText(asha.email);
  await expect(details).toContainText('Sun Pharma');
  await details.getByRole('button', { name: 'Close' }).click();

  // Deactivating ends the rep's sessions at once: it asks first, naming the rep; Cancel changes nothing.
  await row.getByRole('button', { name: `Deactivate ${asha.fullName}` }).click();
  const deactivate = page.getByRole('dialog', { name: 'Deactivate Medical Rep' });
  await expect(deactivate).toContainText(`${asha.fullName} can no longer sign in, and their sessions end at once.`);
  await screenshotBoth(page, 'admin-confirm-deactivate');
  await deactivate.getByRole('button', { name: 'Cancel' }).click();
  await expect(deactivate).toBeHidden();
  await expect(row.getByText('Active', { exact: true })).toBeVisible();
  await row.getByRole('button', { name: `Deactivate ${asha.fullName}` }).click();
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(toastBox).toContainText(`${asha.fullName} is now inactive.`);
  await expect(deactivate).toBeHidden();
  await expect(row.getByText('Inactive')).toBeVisible();
  expect((await repContext.request.get('/api/auth/me')).status()).toBe(401);
  const refused = await repContext.request.post('/api/medrep/login', { data: { email: asha.email, password: PASSWORD } });
  expect(refused.status()).toBe(403);
  await row.getByRole('button', { name: `Activate ${asha.fullName}` }).click();
  await expect(toastBox).toContainText(`${asha.fullName} is now active.`);
  await expect(row.getByRole('button', { name: `Deactivate ${asha.fullName}` })).toBeVisible();
  await ok(await repContext.request.post('/api/medrep/login', { data: { email: asha.email, password: PASSWORD } }));

  // Every delete asks for the typed word CONFIRM.
  await page.getByLabel('Search medical reps by name or email').fill(gone.email);
  await page.getByRole('button', { name: `Delete ${gone.fullName}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete Medical Rep' });
  const deleteButton = confirm.getByRole('button', { name: 'Delete' });
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type CONFIRM to confirm').fill('confirm');
  await expect(deleteButton).toBeDisabled();
  await confirm.getByLabel('Type CONFIRM to confirm').fill('CONFIRM');
  await screenshotBoth(page, 'admin-confirm-delete');
  await deleteButton.click();
  await expect(toastBox).toContainText('deleted successfully');
  await expect(page.getByText('No users match your search.')).toBeVisible();

  // The other tabs.
  for (const [tab, name] of [
    ['Clinics', 'clinics'],
    ['Doctors', 'doctors'],
    ['Appointments', 'appointments'],
    ['Subscriptions', 'subscriptions'],
    ['Analytics', 'analytics'],
  ] as const) {
    await page.getByRole('tab', { name: tab }).click();
    if (tab === 'Appointments') await expect(page.getByText('No appointments have been created yet.')).toBeVisible();
    if (tab === 'Subscriptions') await expect(page.getByRole('row').filter({ hasText: bilal.email })).toBeVisible();
    if (tab === 'Analytics') await expect(page.getByRole('figure', { name: 'Appointments booked per day (last 30 days)' })).toBeVisible();
    await screenshotBoth(page, `admin-${name}-tab`);
  }

  // Broadcast: the counter and the preview follow the text; the rep dashboard then shows it.
  await page.getByRole('tab', { name: 'Notifications' }).click();
  const message = `Clinics in Srinagar close early on Friday ${tag}.`;
  await page.getByLabel('Message').fill(message);
  await expect(page.getByText(`${message.length}/500 characters`)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Preview' })).toContainText(message);
  await screenshotBoth(page, 'admin-notifications-tab');
  await page.getByRole('button', { name: 'Send Notification' }).click();
  await expect(toastBox).toContainText('Notification sent');
  const repPage = await repContext.newPage();
  await repPage.goto('/medrep-dashboard');
  await expect(repPage.getByRole('region', { name: 'Announcement' })).toContainText(message);
  await repContext.close();

  // The e-mail dashboard: a templated e-mail to two reps, personalised.
  await page.getByRole('link', { name: 'Email Dashboard' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Email Dashboard' })).toBeVisible();
  await expect(page.getByText('Send targeted emails to medical representatives')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send to 0 Recipients' })).toBeDisabled();
  await page.getByRole('checkbox', { name: new RegExp(asha.fullName) }).click();
  await page.getByRole('checkbox', { name: new RegExp(bilal.fullName) }).click();
  await expect(page.getByRole('heading', { name: 'Recipients (2 selected)' })).toBeVisible();
  await page.getByRole('button', { name: 'Subscription Upgrade' }).click();
  await expect(page.getByLabel('Subject')).toHaveValue('Keep booking with RepVisit, {{name}}');
  await screenshotBoth(page, 'admin-email-compose');
  await page.getByRole('button', { name: 'Send to 2 Recipients' }).click();
  await expect(toastBox).toContainText('2 sent', { timeout: 20_000 });
  for (const rep of [asha, bilal]) {
    const mail = await mailbox.waitFor(rep.email, (m) => m.subject === `Keep booking with RepVisit, ${rep.fullName}`, 10_000);
    expect(mail.text).toContain(`Hello ${rep.fullName},`);
    expect(mail.text).toContain('UPGRADE20');
  }

  await page.getByRole('tab', { name: 'Manage Recipients' }).click();
  await expect(page.getByRole('heading', { name: 'All Medical Representatives' })).toBeVisible();
  await screenshotBoth(page, 'admin-email-recipients');
  await page.getByRole('tab', { name: 'Email History' }).click();
  await expect(page.getByRole('row').filter({ hasText: `Keep booking with RepVisit, ${bilal.fullName}` })).toBeVisible();
  await expect(page.getByText('Template Usage Statistics')).toBeVisible();
  await screenshotBoth(page, 'admin-email-history');

  // Logout ends the session on the server: the gate comes back, also after a reload.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});

test('Admin > Security has its headings in order (axe); Analytics tells when each job last ran, the every-minute one too', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeVisible();

  await page.getByRole('tab', { name: 'Security' }).click();
  const security = page.getByRole('region', { name: 'Security', exact: true });
  await expect(security.getByRole('heading', { name: 'Last 24 hours' })).toBeVisible();
  await expect(security.getByRole('table', { name: 'Security events' })).toBeVisible();
  // WCAG A and AA, and axe's heading-order (a best practice, of moderate impact): any violation of it counts here.
  const axe = await axeOf(page).withTags(['wcag2a', 'wcag2aa', 'best-practice']).analyze();
  const found = axe.violations.filter((v) => v.id === 'heading-order' || v.impact === 'serious' || v.impact === 'critical');
  expect(found.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);

  // The waitlist sweep runs every minute, also at start; an idle run is its last run (docs/decisions/056).
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const sweep = page.getByRole('listitem').filter({ hasText: 'Waitlist: run-out offers passed on' });
  await expect(sweep).toContainText('Every minute');
  await expect(sweep).toContainText(/Last run \d/);
  await expect(sweep).not.toContainText('not run yet');
  await screenshotBoth(page, 'admin-analytics-jobs');
});
