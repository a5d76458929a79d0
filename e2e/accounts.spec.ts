import type { Page } from '@playwright/test';
import { codeIn, linkIn } from '../src/server/test/mailbox';
import { expect, homeAfterThreeSeconds, screenshotBoth, test } from './fixtures';
import { hydrated } from './setup';

// Account journeys (decisions 002, 005) in a real browser against the real server and SMTP mailbox: register, verify by the
// e-mailed code, log in, meet the terms dialog, accept, reach the dashboard; reset a forgotten password.

const PASSWORD = 'Clinic!Pass1';
const unique = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneFrom = (id: string) => `9${id.slice(-9).padStart(9, '0')}`;
const isCode = (m: { subject: string }) => /verification code/i.test(m.subject);

async function openPortal(page: Page, card: 'Clinic' | 'Medical Rep', option: string) {
  await page.goto('/');
  await page.getByRole('button', { name: `Continue as ${card}` }).click();
  await page.getByRole('button', { name: new RegExp(option) }).click();
}

async function verifyWithCode(page: Page, code: string) {
  await page.getByLabel('Verification code').fill(code);
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByRole('heading', { name: 'Verification Successful!' })).toBeVisible();
  // spec part 2, 2.2: home after 3 seconds.
  await homeAfterThreeSeconds(page);
}

async function acceptTerms(page: Page) {
  const dialog = page.getByRole('dialog', { name: 'Legal Agreements Required' });
  await expect(dialog).toBeVisible();
  const accept = dialog.getByRole('button', { name: 'Accept' });
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Terms and Conditions/ }).click();
  await expect(accept).toBeDisabled();
  await dialog.getByRole('checkbox', { name: /Privacy Policy/ }).click();
  await accept.click();
  await expect(page.getByTestId('toast')).toContainText('Terms Accepted');
}

test('a clinic registers in the wizard, verifies the e-mailed code, accepts the terms and reaches its dashboard', async ({ page, mailbox }) => {
  await page.clock.install(); // the success screen's redirect is run past (homeAfterThreeSeconds)
  const id = unique();
  const email = `clinic${id}@example.com`;
  await openPortal(page, 'Clinic', 'Register New Clinic');

  await expect(page.getByRole('heading', { name: 'Clinic Information' })).toBeVisible();
  await page.getByRole('button', { name: /Next/ }).click();
  await expect(page.getByText('Clinic name must be at least 3 characters')).toBeVisible();
  await page.getByLabel('Clinic Name').fill('Valley Care Clinic');
  await page.getByLabel('Contact Person').fill('Asha Rao');
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await page.getByLabel('City').selectOption('Baramulla');
  await screenshotBoth(page, 'accounts-clinic-wizard-step1');
  await page.getByRole('button', { name: /Next/ }).click();

  await expect(page.getByRole('heading', { name: 'Account Credentials' })).toBeVisible();
  // Moving on is not submitting: step 2 starts without messages.
  await expect(page.getByText('Invalid email address')).toHaveCount(0);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Contact Number').fill(phoneFrom(id));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  await expect(page.getByText('Valid & available')).toHaveCount(2);
  await screenshotBoth(page, 'accounts-clinic-wizard-step2');
  await page.getByRole('button', { name: 'Register Clinic' }).click();

  await expect(page.getByTestId('toast')).toContainText('Registration Successful!');
  await expect(page).toHaveURL(`/verify-otp?type=clinic&email=${encodeURIComponent(email)}`);
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('The code expires in 15 minutes.')).toBeVisible();
  await screenshotBoth(page, 'accounts-verify-otp');

  // A short code is refused on the page before any call.
  await page.getByLabel('Verification code').fill('12a3');
  await expect(page.getByLabel('Verification code')).toHaveValue('123');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please enter the complete 6-digit code.');

  await verifyWithCode(page, codeIn(await mailbox.waitFor(email, isCode)));

  // The same address is now taken for a second registration.
  await openPortal(page, 'Clinic', 'Login to Your Account');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Wrong!Pass1');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Invalid email or password' })).toBeVisible();

  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByText('Remember me').click();
  await screenshotBoth(page, 'accounts-clinic-login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('dialog', { name: 'Legal Agreements Required' })).toBeVisible();
  await screenshotBoth(page, 'accounts-terms-dialog');
  await acceptTerms(page);
  await page.waitForURL('**/clinic/dashboard');
  const me = await page.request.get('/api/auth/me');
  expect(me.ok()).toBe(true);
  expect(await me.json()).toMatchObject({ userType: 'clinic', termsAccepted: true, user: { email } });
  // 'Remember me' keeps the e-mail on the device for the next visit.
  expect(await page.evaluate(() => localStorage.getItem('clinicRememberedEmail'))).toBe(email);
});

test('a rep registers from /medrep-login, verifies, declines then accepts the terms and reaches the rep dashboard', async ({ page, mailbox }) => {
  await page.clock.install(); // the success screen's redirect is run past (homeAfterThreeSeconds)
  const id = unique();
  const email = `rep${id}@example.com`;
  await page.goto('/medrep-login');
  await hydrated(page.getByRole('button', { name: 'Create New Account' }));
  await page.getByRole('button', { name: 'Create New Account' }).click();

  await page.getByLabel('Full Name').fill('Ravi Kumar');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(phoneFrom(id));
  await page.getByLabel('Company').fill('Sun Pharma');
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await page.getByLabel('Password', { exact: true }).fill('Rep!Pass123');
  await page.getByLabel('Confirm Password').fill('Rep!Pass12');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText("Passwords don't match")).toBeVisible();
  await page.getByLabel('Confirm Password').fill('Rep!Pass123');
  await expect(page.getByText('Valid & available')).toHaveCount(2);
  await screenshotBoth(page, 'accounts-rep-register');
  await page.getByRole('button', { name: 'Create Account' }).click();

  await expect(page).toHaveURL(`/verify-otp?type=medrep&email=${encodeURIComponent(email)}`);
  const mail = await mailbox.waitFor(email, isCode);
  // A wrong code first: the server's message in a 'Verification Failed' toast.
  const code = codeIn(mail);
  await page.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('toast')).toContainText('Verification Failed');
  await verifyWithCode(page, code);

  await page.goto('/medrep-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Rep!Pass123');
  await screenshotBoth(page, 'accounts-rep-login');
  await page.getByRole('button', { name: 'Login' }).click();

  // Decline signs out and says why.
  const dialog = page.getByRole('dialog', { name: 'Legal Agreements Required' });
  await dialog.getByRole('button', { name: 'Decline' }).click();
  await expect(page.getByTestId('toast')).toContainText('Terms Required');
  await expect(page.getByTestId('toast')).toContainText('You must accept the terms and conditions to use the product.');
  expect((await page.request.get('/api/auth/me')).status()).toBe(401);

  await page.getByLabel('Password').fill('Rep!Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await acceptTerms(page);
  await expect(page.getByRole('heading', { name: 'Login Successful' })).toBeVisible();
  await page.waitForURL('**/medrep-dashboard');
  expect(await (await page.request.get('/api/auth/me')).json()).toMatchObject({ userType: 'medrep', termsAccepted: true, user: { email } });
});

test('the e-mailed verification link verifies a rep on /verify-email once they choose the password', async ({ page, mailbox }) => {
  await page.clock.install(); // the success screen's redirect is run past (homeAfterThreeSeconds)
  const id = unique();
  const email = `link${id}@example.com`;
  const res = await page.request.post('/api/medrep/register', {
    data: { fullName: 'Link Rep', email, phone: phoneFrom(id), company: 'Cipla', state: 'Jammu and Kashmir', password: 'Rep!Pass123' },
  });
  expect(res.status()).toBe(201);
  const link = linkIn(await mailbox.waitFor(email, isCode), '/verify-email');
  await page.goto(link.pathname + link.search);
  // The link page asks for the password (decision 030); the rules are the shared ones.
  await expect(page.getByRole('heading', { name: 'Email Verification' })).toBeVisible();
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('other');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await page.getByLabel('New Password').fill('Chosen!Pass12');
  await page.getByLabel('Confirm Password').fill('Chosen!Pass12');
  await screenshotBoth(page, 'accounts-verify-email-password');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  await homeAfterThreeSeconds(page);
  // The chosen password is the account's; the one typed at registration is not.
  expect((await page.request.post('/api/medrep/login', { data: { email, password: 'Rep!Pass123' } })).status()).toBe(401);
  expect((await page.request.post('/api/medrep/login', { data: { email, password: 'Chosen!Pass12' } })).ok()).toBe(true);
  await page.request.post('/api/auth/logout');

  // A broken link says so on load (docs/decisions/036) and offers a new e-mail.
  await page.goto('/verify-email?token=nonsense&type=medrep');
  await expect(page.getByRole('alert')).toContainText('Verification failed');
  await expect(page.getByRole('alert')).toContainText('This verification link is invalid or has expired. Please request a new one.');
  await page.getByRole('button', { name: 'Request New Verification Email' }).click();
  await page.getByRole('button', { name: 'Send Email' }).click();
  await expect(page.getByText('Please enter your email address')).toBeVisible();
  await page.goto('/verify-email');
  await expect(page.getByText('Invalid verification link. Please try again or contact support.')).toBeVisible();
});

test('a code entered after someone else registered the address again is refused with a way on', async ({ page, browser, baseURL, mailbox }) => {
  const id = unique();
  const email = `owner${id}@example.com`;
  await page.goto('/medrep-login');
  await hydrated(page.getByRole('button', { name: 'Create New Account' }));
  await page.getByRole('button', { name: 'Create New Account' }).click();
  await page.getByLabel('Full Name').fill('Asha Owner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill(phoneFrom(id));
  await page.getByLabel('Company').fill('Sun Pharma');
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await page.getByLabel('Password', { exact: true }).fill('Owner!Pass12');
  await page.getByLabel('Confirm Password').fill('Owner!Pass12');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`/verify-otp?type=medrep&email=${encodeURIComponent(email)}`);
  await mailbox.waitFor(email, isCode);

  // Someone else registers the same pending address in their own browser.
  const other = await browser.newContext({ baseURL });
  const before = mailbox.to(email).length;
  const hijack = await other.request.post('/api/medrep/register', {
    data: { fullName: 'Mallory', email, phone: phoneFrom(id), company: 'Cipla', state: 'Jammu and Kashmir', password: 'Mallory!Pass1' },
  });
  expect(hijack.status()).toBe(201);
  const newest = await mailbox.waitFor(email, () => mailbox.to(email).length > before);

  await page.getByLabel('Verification code').fill(codeIn(newest));
  await page.getByRole('button', { name: 'Verify OTP' }).click();
  await expect(page.getByTestId('toast')).toContainText('Verification Failed');
  await expect(page.getByTestId('toast')).toContainText('This e-mail address was registered again since you registered in this browser');
  // Beside the form too, with the way on.
  const again = page.getByRole('link', { name: 'Register again' });
  await expect(again).toHaveAttribute('href', '/medrep-login');
  await expect(again.locator('xpath=..')).toContainText('or open the link in the latest verification e-mail');
  await screenshotBoth(page, 'accounts-verify-otp-replaced');

  // The owner finishes through the newest link with a password of their own; the other registrant cannot sign in.
  const link = linkIn(newest, '/verify-email');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill('Owner!Chosen3');
  await page.getByLabel('Confirm Password').fill('Owner!Chosen3');
  await page.getByRole('button', { name: 'Verify Email' }).click();
  await expect(page.getByRole('heading', { name: 'Email Verified!' })).toBeVisible();
  expect((await other.request.post('/api/medrep/login', { data: { email, password: 'Mallory!Pass1' } })).status()).toBe(401);
  expect((await page.request.post('/api/medrep/login', { data: { email, password: 'Owner!Chosen3' } })).ok()).toBe(true);
  await other.close();
});

test('a rep resets a forgotten password through the e-mailed link and logs in with the new one', async ({ page, mailbox }) => {
  await page.clock.install(); // the success screen's redirect is run past (homeAfterThreeSeconds)
  const id = unique();
  const email = `reset${id}@example.com`;
  const register = await page.request.post('/api/medrep/register', {
    data: { fullName: 'Reset Rep', email, phone: phoneFrom(id), company: 'Lupin', state: 'Jammu and Kashmir', password: 'Old!Pass123' },
  });
  expect(register.status()).toBe(201);
  const { registrationToken } = (await register.json()) as { registrationToken: string };
  const otp = codeIn(await mailbox.waitFor(email, isCode));
  const verified = await page.request.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } });
  expect(verified.ok()).toBe(true);

  await page.goto('/medrep-login');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const forgot = page.getByRole('dialog', { name: 'Forgot password?' });
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please enter your email address first.');
  await forgot.getByLabel('Email').fill(`nobody${id}@example.com`);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Account Not Found');
  await forgot.getByLabel('Email').fill(email);
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Password Reset Email Sent');
  await forgot.getByRole('button', { name: 'Done' }).click();
  await expect(forgot).toBeHidden();

  const link = linkIn(await mailbox.waitFor(email, (m) => /reset/i.test(m.subject)), '/reset-password');
  expect(link.searchParams.get('type')).toBe('medrep');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill('short');
  await page.getByLabel('Confirm Password').fill('different');
  await page.getByLabel('Confirm Password').blur();
  await expect(page.getByText('Password must be at least 8 characters long')).toBeVisible();
  await page.getByLabel('New Password').fill('New!Pass456');
  await page.getByLabel('Confirm Password').fill('New!Pass45');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('Confirm Password').fill('New!Pass456');
  await screenshotBoth(page, 'accounts-reset-password');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();
  await homeAfterThreeSeconds(page);

  // The link is single-use: opened again it says so before the form (docs/decisions/036).
  await page.goto(link.pathname + link.search);
  await expect(page.getByRole('alert').filter({ hasText: 'This password reset link has already been used.' })).toBeVisible();
  await expect(page.getByLabel('New Password')).toHaveCount(0);

  await page.goto('/medrep-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('Old!Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  // spec part 1, 7: after a recent password change a second tip follows 2 seconds later.
  await expect(page.getByTestId('toast')).toContainText("Clear your browser's saved passwords if it's auto-filling your old password.");
  await page.getByLabel('Password').fill('New!Pass456');
  await page.getByRole('button', { name: 'Login' }).click();
  await acceptTerms(page);
  await page.waitForURL('**/medrep-dashboard');

  await page.goto('/reset-password');
  await expect(page.getByText('Invalid password reset link. Please request a new password reset link.')).toBeVisible();
});

test('a clinic asks for a reset link in the Reset Password dialog and sets a new password', async ({ page, mailbox }) => {
  const id = unique();
  const email = `clinicreset${id}@example.com`;
  const register = await page.request.post('/api/clinic/register', {
    data: {
      clinicName: 'Lake View Clinic',
      contactPerson: 'Meera Shah',
      state: 'Kerala',
      city: 'Other',
      email,
      contactNumber: phoneFrom(id),
      password: PASSWORD,
    },
  });
  expect(register.status()).toBe(201);
  const { registrationToken } = (await register.json()) as { registrationToken: string };
  const otp = codeIn(await mailbox.waitFor(email, isCode));
  const verified = await page.request.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } });
  expect(verified.ok()).toBe(true);

  await openPortal(page, 'Clinic', 'Login to Your Account');
  await page.getByRole('button', { name: 'Forgot password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText('Email is required')).toBeVisible();
  await dialog.getByLabel('Email').fill('not-an-address');
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText('Please enter a valid email address')).toBeVisible();
  await dialog.getByLabel('Email').fill(`nobody${id}@example.com`);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByRole('alert')).toContainText('No account found with that email address.');
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(dialog.getByText('Reset instructions sent!')).toBeVisible();
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  // 'Done' reset the dialog: it opens empty again.
  await page.getByRole('button', { name: 'Forgot password' }).click();
  await expect(dialog.getByLabel('Email')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  const link = linkIn(await mailbox.waitFor(email, (m) => /reset/i.test(m.subject)), '/reset-password');
  expect(link.searchParams.get('type')).toBe('clinic');
  await page.goto(link.pathname + link.search);
  await page.getByLabel('New Password').fill('Fresh!Pass789');
  await page.getByLabel('Confirm Password').fill('Fresh!Pass789');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByRole('heading', { name: 'Password Reset Successful' })).toBeVisible();

  const login = await page.request.post('/api/auth/login', { data: { email, password: 'Fresh!Pass789', rememberMe: false } });
  expect(login.ok()).toBe(true);
});
