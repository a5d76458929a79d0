import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { addDays, todayInIndia } from '../src/shared/dates';
import { codeIn, type Mailbox } from '../src/server/test/mailbox';
import { expect, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, nextMail, ok, PASSWORD, phoneNumber, signInRepWithTrial, uniq } from './setup';

// A refused visit to a dashboard, then ONE correct login, opens the dashboard and it stays open (decision 019): the
// "nobody signed in" the refusal read must not be read again after the login. The accounts are made in a browser
// context of their own, so this browser never had a session before.

/** Every toast the page shows, in order (a new one, or new text in the one on screen), from the first document on. */
async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    const last = new WeakMap<Element, string>();
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver(() => {
      for (const el of document.querySelectorAll('[data-testid="toast"]')) {
        const text = el.textContent ?? '';
        if (text && last.get(el) !== text) seen.push(text);
        last.set(el, text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => [...(window as unknown as { __toasts: string[] }).__toasts]);
}

async function inOwnContext<T>(browser: Browser, baseURL: string, make: (api: APIRequestContext) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL });
  try {
    return await make(context.request);
  } finally {
    await context.close();
  }
}

/** A verified clinic, its terms accepted unless `terms: false`; not signed in anywhere that matters. */
async function registerClinic(api: APIRequestContext, mailbox: Mailbox, o: { clinicName: string; terms?: boolean }) {
  const email = `clinic${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: {
        clinicName: o.clinicName,
        contactPerson: 'Sana Mir',
        state: 'Jammu and Kashmir',
        city: 'Srinagar',
        email,
        contactNumber: phoneNumber(),
        password: PASSWORD,
      },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } }));
  if (o.terms !== false) {
    const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
    await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  }
  return { email, clinicName: o.clinicName };
}

/** The landing page's Clinic Portal login, as a person uses it: the caret is already in Email. */
async function clinicModalLogin(page: Page, email: string) {
  await page.getByRole('button', { name: 'Continue as Clinic' }).click();
  await page.getByRole('button', { name: /Login to Your Account/ }).click();
  const emailField = page.getByRole('dialog', { name: 'Clinic Portal' }).getByLabel('Email');
  await expect(emailField).toBeFocused();
  await page.keyboard.type(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
}

const count = (toasts: string[], title: string) => toasts.filter((t) => t.includes(title)).length;

test("rep: after 'Session Expired', one correct login opens the dashboard and it stays open", async ({ page, browser, baseURL, mailbox }) => {
  const rep = await inOwnContext(browser, baseURL!, (api) => signInRepWithTrial(api, mailbox));
  const toasts = await recordToasts(page);

  // The app's own clock, so the redirect a refusal set up can be run past at once (below) instead of waited for.
  await page.clock.install();
  await page.goto('/medrep-dashboard');
  await expect(page.getByTestId('toast')).toContainText('Session Expired');
  await expect(page).toHaveURL(/\/medrep-login$/);

  await page.getByLabel('Email').fill(rep.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/medrep-dashboard$/);
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Book Appointment' })).toBeVisible();
  // Still there a while later, and 'Session Expired' was said once: before the login, not after it.
  await page.clock.fastForward(1500);
  await expect(page).toHaveURL(/\/medrep-dashboard$/);
  expect(count(await toasts(), 'Session Expired')).toBe(1);
});

test("clinic: after 'Access Restricted', one correct login in the landing modal opens the dashboard and it stays open", async ({
  page,
  browser,
  baseURL,
  mailbox,
}) => {
  const clinic = await inOwnContext(browser, baseURL!, (api) => registerClinic(api, mailbox, { clinicName: 'Hazratbal Clinic' }));
  const toasts = await recordToasts(page);

  // The app's own clock, so the redirect a refusal set up can be run past at once (below) instead of waited for.
  await page.clock.install();
  await page.goto('/clinic/dashboard');
  await expect(page.getByTestId('toast')).toContainText('Access Restricted');
  await expect(page).toHaveURL(`${baseURL}/`, { timeout: 5000 });

  await clinicModalLogin(page, clinic.email);
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  await expect(page.getByRole('heading', { name: 'Hazratbal Clinic' })).toBeVisible();
  // The refusal would send the clinic back to / after 1.5 s: still on the dashboard after that.
  await page.clock.fastForward(2500);
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  await expect(page.getByRole('heading', { name: 'Hazratbal Clinic' })).toBeVisible();
  expect(count(await toasts(), 'Access Restricted')).toBe(1);
});

test('clinic: after Decline in the agreement, a new login opens the dashboard and it stays open', async ({ page, browser, baseURL, mailbox }) => {
  const [declining, accepted] = await inOwnContext(browser, baseURL!, (api) =>
    Promise.all([registerClinic(api, mailbox, { clinicName: 'Nishat Clinic', terms: false }), registerClinic(api, mailbox, { clinicName: 'Shalimar Clinic' })]),
  );
  const toasts = await recordToasts(page);
  // The app's own clock, so the redirect a refusal set up can be run past at once (below) instead of waited for.
  await page.clock.install();
  await page.goto('/');

  // The first account has not accepted the terms: Decline signs it out again.
  await clinicModalLogin(page, declining.email);
  const agreement = page.getByRole('dialog', { name: 'Legal Agreements Required' });
  await agreement.getByRole('button', { name: 'Decline' }).click();
  await expect(agreement).toBeHidden();
  await expect(page.getByText('You must accept the terms and conditions to use the product.')).toBeVisible();

  // A new login (an account that has accepted them) in the same modal.
  await page.getByLabel('Email').fill(accepted.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Successful');
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  await expect(page.getByRole('heading', { name: 'Shalimar Clinic' })).toBeVisible();
  await page.clock.fastForward(2500);
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  expect(count(await toasts(), 'Access Restricted')).toBe(0);

  // And the declining account, once it accepts, gets in with one login too.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(`${baseURL}/`);
  await clinicModalLogin(page, declining.email);
  await agreement.getByLabel('I have read and agree to the Terms and Conditions').click();
  await agreement.getByLabel('I have read and agree to the Privacy Policy').click();
  await agreement.getByRole('button', { name: 'Accept' }).click();
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  await expect(page.getByRole('heading', { name: 'Nishat Clinic' })).toBeVisible();
  await page.clock.fastForward(2500);
  await expect(page).toHaveURL(`${baseURL}/clinic/dashboard`);
  expect(count(await toasts(), 'Access Restricted')).toBe(0);
});

// spec part 2, 5: 'You must be logged in to book an appointment'.
test('a rep whose session ended meanwhile is told, on booking, that they must be logged in to book', async ({ page, browser, baseURL, mailbox }) => {
  const { clinicName, doctorName } = await inOwnContext(browser, baseURL!, (api) => createClinicWithDoctor(api, mailbox));
  await signInRepWithTrial(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(page, { doctorLabel: `Dr. ${doctorName}`, clinicName: clinicName });
  const today = todayInIndia(new Date());
  const tomorrow = addDays(today, 1);
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('grid').locator(`[data-date="${tomorrow}"]`).click();

  // The session ends (it expired, or the rep signed out in another tab) while the calendar is on screen.
  await page.context().clearCookies();
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Booking Failed');
  await expect(toast).toContainText('You must be logged in to book an appointment');
  await expect(toast).not.toContainText('Please log in to continue.');
});
