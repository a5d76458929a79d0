import type { Browser, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { addDays, todayInIndia } from '../src/shared/dates';
import { linkIn } from '../src/server/test/mailbox';
import { expect, screenshotBoth, test } from './fixtures';
import { startServer, type AppServer } from './server';
import { ADMIN_PASSWORD, createClinicWithDoctor, nextMail, ok, signInRepWithTrial, uniqueWord } from './setup';

// The admin team (docs/decisions/042): the single shared password creates the named owner, who enrols an authenticator
// and signs in with a code; the owner invites a staff admin, who enrols and deletes an appointment; the owner finds the
// delete in the audit trail, and deactivating the staff admin ends their session at once.

// A server of this file's own: its admin sign-ins would otherwise spend the admin gate's budget per address (decision
// 031) that the other journeys on the shared server need, and naming an owner turns the shared password off for good.
test.describe.configure({ mode: 'serial' });
let server: (AppServer & { stop(): Promise<void> }) | undefined;
test.beforeAll(async () => {
  test.setTimeout(120_000); // two servers start (the worker's and this one) on a busy machine
  server = await startServer();
});
test.afterAll(async () => server?.stop());

const OWNER_PASSWORD = 'Owner!Pass12345';
const STAFF_PASSWORD = 'Staff!Pass12345';

/** The TOTP an authenticator app would show for `secret` (RFC 6238: SHA-1, 6 digits, 30 s). */
const totpOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });

/**
 * A code of a 30-second step not used yet: the server refuses a step used before (replay), so the enrolment's code
 * cannot sign in. It takes one step either side of its clock (drift), so when this step is spent the next step's code
 * serves, as an authenticator a little ahead shows it; only past that does this wait for the clock.
 */
async function freshCode(secret: string, used: Set<number>): Promise<string> {
  const totp = totpOf(secret);
  for (;;) {
    const now = totp.counter();
    const counter = [now, now + 1].find((c) => !used.has(c));
    if (counter !== undefined) {
      used.add(counter);
      return totp.generate({ timestamp: counter * 30_000 });
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
}

/** Follows the e-mailed link on a page of a fresh context: password, QR code and first code, recovery codes kept. */
async function enrol(browser: Browser, link: URL, password: string, shots?: string) {
  const page = await (await browser.newContext({ baseURL: server!.baseURL })).newPage();
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('heading', { name: 'Join the admin team' })).toBeVisible();
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Confirm password').fill(password);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s+/g, '');
  if (shots) await screenshotBoth(page, `${shots}-qr`);
  const used = new Set<number>();
  await page.getByLabel('Authentication code').fill(await freshCode(secret, used));
  await page.getByRole('button', { name: 'Turn on two-factor' }).click();
  const codes = page.getByRole('list', { name: 'Recovery codes' });
  await expect(codes.getByRole('listitem')).toHaveCount(10);
  const onward = page.getByRole('button', { name: 'Continue to sign in' });
  await expect(onward).toBeDisabled();
  if (shots) await screenshotBoth(page, `${shots}-recovery-codes`);
  await page.getByText('I have saved these codes').click();
  await onward.click();
  await expect(page).toHaveURL(/\/admin$/);
  return { page, secret, used };
}

/** The team's gate: e-mail, password and a fresh code. */
async function signIn(page: Page, o: { email: string; password: string; secret: string; used: Set<number> }) {
  await expect(page.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
  await expect(page.getByLabel('Authentication code')).toBeVisible();
  await page.getByLabel('Email').fill(o.email);
  await page.getByLabel('Password', { exact: true }).fill(o.password);
  await page.getByLabel('Authentication code').fill(await freshCode(o.secret, o.used));
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
}

/** Invites from the Admins tab and answers the link e-mailed. */
async function invite(page: Page, o: { name: string; email: string; role?: 'Staff' | 'Owner' }) {
  const { mailbox } = server!;
  const before = [...mailbox.to(o.email)];
  await page.getByRole('tab', { name: 'Admins' }).click();
  const tab = page.getByRole('region', { name: 'Admins', exact: true });
  await tab.getByLabel('Name').fill(o.name);
  await tab.getByLabel('Email').fill(o.email);
  if (o.role) await tab.getByLabel('Role').selectOption({ label: o.role });
  await tab.getByRole('button', { name: 'Invite admin' }).click();
  await expect(page.getByTestId('toast')).toContainText('Invitation sent');
  await expect(tab.getByRole('row').filter({ hasText: o.email })).toContainText('Invited');
  return linkIn(await nextMail(mailbox, o.email, before), '/admin/invite');
}

test('the owner signs in with TOTP, invites a staff admin, the staff admin enrols and deletes an appointment, the owner sees it in the audit trail', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { baseURL, mailbox } = server!;
  const tag = uniqueWord();
  const owner = { name: `Zara ${tag}`, email: `owner.${tag.toLowerCase()}@example.com` };
  const staff = { name: `Ravi ${tag}`, email: `staff.${tag.toLowerCase()}@example.com` };

  // A booked appointment for the staff admin to delete.
  const repContext = await browser.newContext({ baseURL });
  const clinic = await createClinicWithDoctor(repContext.request, mailbox);
  const rep = await signInRepWithTrial(repContext.request, mailbox, { fullName: `Rep ${tag}` });
  const appointmentDate = addDays(todayInIndia(new Date()), 1);
  const booked = await ok<{ appointment: { id: number } }>(
    await repContext.request.post('/api/book-appointment', { data: { doctorId: clinic.doctorId, clinicId: clinic.clinicId, repId: rep.id, appointmentDate } }),
  );
  await repContext.close();

  // The single shared password opens the dashboard, which asks for the named owner.
  const bootstrap = await (await browser.newContext({ baseURL })).newPage();
  await bootstrap.goto('/admin');
  await bootstrap.getByLabel('Admin password').fill(ADMIN_PASSWORD);
  await bootstrap.getByRole('button', { name: 'Access Admin Panel' }).click();
  const banner = bootstrap.getByRole('region', { name: 'Create the named owner' });
  await expect(banner).toBeVisible();
  await screenshotBoth(bootstrap, 'admin-team-banner');
  await banner.getByRole('link', { name: 'Go to the Admins tab' }).click();
  await expect(bootstrap.getByText('The first named admin is an owner.')).toBeVisible();
  const ownerLink = await invite(bootstrap, owner);
  await screenshotBoth(bootstrap, 'admin-team-first-owner-invited');

  // The owner enrols, then the gate asks for e-mail, password and code; the shared password alone opens nothing.
  const asOwner = await enrol(browser, ownerLink, OWNER_PASSWORD, 'admin-invite');
  const ownerPage = asOwner.page;
  await expect(ownerPage.getByLabel('Authentication code')).toBeVisible();
  await screenshotBoth(ownerPage, 'admin-team-gate');
  const refused = await ownerPage.request.post('/api/admin/authenticate', { data: { password: ADMIN_PASSWORD } });
  expect(refused.status()).toBe(401);
  // Without a code, a wrong password is answered as a right one would be: the gate asks for the code (decision 054).
  await ownerPage.getByLabel('Email').fill(owner.email);
  await ownerPage.getByLabel('Password', { exact: true }).fill('Not-The-Password-1!');
  await ownerPage.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(ownerPage.locator('form').getByRole('alert')).toContainText('If your account has two-factor sign-in');
  await expect(ownerPage.getByLabel('Authentication code')).toBeFocused();
  await signIn(ownerPage, { ...owner, password: OWNER_PASSWORD, secret: asOwner.secret, used: asOwner.used });
  await expect(ownerPage.getByText(`Signed in as ${owner.name} (Owner)`)).toBeVisible();
  await expect(ownerPage.getByRole('region', { name: 'Create the named owner' })).toHaveCount(0);

  // The owner invites a staff admin, who enrols and signs in: no Admins tab, no Restart Server, no account deletes.
  const staffLink = await invite(ownerPage, { ...staff, role: 'Staff' });
  await screenshotBoth(ownerPage, 'admin-team-admins-tab');
  const asStaff = await enrol(browser, staffLink, STAFF_PASSWORD);
  const staffPage = asStaff.page;
  await signIn(staffPage, { ...staff, password: STAFF_PASSWORD, secret: asStaff.secret, used: asStaff.used });
  await expect(staffPage.getByText(`Signed in as ${staff.name} (Staff)`)).toBeVisible();
  await expect(staffPage.getByRole('tab', { name: 'Admins' })).toHaveCount(0);
  await expect(staffPage.getByRole('button', { name: 'Restart Server' })).toHaveCount(0);
  await expect(
    staffPage
      .getByRole('row')
      .filter({ hasText: rep.email })
      .getByRole('button', { name: `Deactivate ${rep.fullName}` }),
  ).toBeVisible();
  await expect(staffPage.getByRole('button', { name: `Delete ${rep.fullName}` })).toHaveCount(0);

  // The staff admin deletes the appointment.
  await staffPage.getByRole('tab', { name: 'Appointments' }).click();
  await staffPage.getByRole('button', { name: `Delete appointment of ${rep.fullName} with ${clinic.doctorName}` }).click();
  const confirm = staffPage.getByRole('dialog', { name: 'Delete Appointment' });
  await confirm.getByLabel('Type CONFIRM to confirm').fill('CONFIRM');
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect(staffPage.getByTestId('toast')).toContainText('Deleted');
  await expect(staffPage.getByText('No appointments have been created yet.')).toBeVisible();
  await screenshotBoth(staffPage, 'admin-team-staff-dashboard');

  // The owner finds it in the audit trail, by admin and action.
  await ownerPage.getByRole('tab', { name: 'Audit' }).click();
  const audit = ownerPage.getByRole('region', { name: 'Audit' });
  await audit.getByLabel('Admin').selectOption({ label: staff.name });
  await audit.getByLabel('Action').selectOption({ label: 'Deleted an appointment' });
  const entry = audit.getByRole('row').filter({ hasText: `Appointment #${booked.appointment.id}` });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText(staff.name);
  await expect(entry).toContainText('Deleted an appointment');
  await expect(entry).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await screenshotBoth(ownerPage, 'admin-team-audit-tab');

  // The Security tab: counts over 24 hours and 30 days, and the sign-ins among the events.
  await ownerPage.getByRole('tab', { name: 'Security' }).click();
  await expect(ownerPage.getByRole('heading', { name: 'Last 24 hours' })).toBeVisible();
  await expect(
    ownerPage.getByRole('table', { name: 'Security events' }).getByRole('row').filter({ hasText: 'POST /api/admin/authenticate' }).first(),
  ).toBeVisible();
  await screenshotBoth(ownerPage, 'admin-team-security-tab');

  // Deactivating the staff admin ends their session at once.
  await ownerPage.getByRole('tab', { name: 'Admins' }).click();
  await ownerPage
    .getByRole('row')
    .filter({ hasText: staff.email })
    .getByRole('button', { name: `Deactivate ${staff.name}` })
    .click();
  const deactivate = ownerPage.getByRole('dialog', { name: 'Deactivate Admin' });
  await expect(deactivate).toContainText('their sessions end at once');
  await screenshotBoth(ownerPage, 'admin-team-deactivate-dialog');
  await deactivate.getByRole('button', { name: 'Deactivate' }).click();
  await expect(ownerPage.getByRole('row').filter({ hasText: staff.email })).toContainText('Inactive');
  await staffPage.reload();
  await expect(staffPage.getByRole('heading', { name: 'Admin Access' })).toBeVisible();
});
