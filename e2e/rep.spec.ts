import type { APIRequestContext } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia, weekdayOf } from '../src/shared/dates';
import { canonicalPhone, displayPhone } from '../src/shared/schemas/phone';
import { codeIn, type Mailbox, type ReceivedMail } from '../src/server/test/mailbox';
import { expect, screenshotBoth, test } from './fixtures';
import { chooseDoctorAndClinic } from './setup';

// Decision 008: a rep with a trial finds a doctor through the cascade, books on the calendar, sees it under
// My Appointments, cancels it, and changes the phone number with the e-mailed code (spec part 2, 2.1).

const PASSWORD = 'Journey!Pass1';
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** The next e-mail to `address` that was not in the mailbox when `before` was taken. */
async function nextMail(mailbox: Mailbox, address: string, before: ReceivedMail[]): Promise<ReceivedMail> {
  return mailbox.waitFor(address, (m) => !before.includes(m), 10_000);
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A verified clinic signed in through `api`, with one doctor open every day (each test names its own doctor: one server serves a worker's tests). */
async function createClinicWithDoctor(
  api: APIRequestContext,
  mailbox: Mailbox,
  settings: { maxSlots?: number; availableDays?: Record<string, boolean> } = {},
  doctorName = 'Asha Rao',
) {
  const email = `clinic${uniq()}@example.com`;
  const clinicName = `Lake View Clinic ${uniq().slice(-4)}`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: { clinicName, contactPerson: 'Meera Shah', state: 'Jammu and Kashmir', city: 'Srinagar', email, contactNumber: phoneNumber(), password: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  const { doctor } = await ok<{ doctor: { id: number } }>(
    await api.post('/api/clinic/doctors', {
      data: { clinicId: user.id, name: doctorName, specialty: 'Cardiology', state: 'Jammu and Kashmir', city: 'Srinagar' },
    }),
  );
  const everyDay = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
  await ok(
    await api.post('/api/clinic/settings', {
      data: { clinicId: user.id, doctorId: doctor.id, maxSlots: 3, callFrequency: 7, availableDays: everyDay, ...settings },
    }),
  );
  return { clinicName, clinicId: user.id, doctorId: doctor.id };
}

/** A verified rep with a free trial, signed in through the page's own cookie jar (`withTerms: false` stops after login). */
async function signInRepWithTrial(api: APIRequestContext, mailbox: Mailbox, { withTerms = true } = {}) {
  const email = `rep${uniq()}@example.com`;
  const fullName = 'Ravi Kumar';
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName, email, phone: phoneNumber(), company: 'Sun Pharma', state: 'Jammu and Kashmir', password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  if (!withTerms) return { email, fullName, id: user.id };
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  await ok(await api.post('/api/subscription/activate-free-trial', { data: { medicalRepId: user.id } }));
  return { email, fullName, id: user.id };
}

test('a rep with a trial finds a doctor, books, sees, cancels, and changes the phone by code', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  // The clinic works in its own browser context, as a second person would.
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName } = await createClinicWithDoctor(clinicContext.request, mailbox);
  await clinicContext.close();
  const rep = await signInRepWithTrial(page.request, mailbox);

  await page.goto('/medrep-dashboard');
  await expect(page.getByRole('heading', { name: 'Medical Representative Portal' })).toBeVisible();
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  const notice = page.getByText('Please complete the selection process: Select State → City → Specialty → Doctor → Clinic to view availability calendar.');
  await expect(notice).toBeVisible();
  await expect(page.getByLabel('City')).toBeDisabled();
  await expect(page.getByLabel('Select Doctor')).toBeDisabled();
  await screenshotBoth(page, 'rep-book-tab');

  // The cascade: each level opens the next one.
  await page.getByLabel('State').selectOption('Jammu and Kashmir');
  await expect(page.getByLabel('City')).toBeEnabled();
  await page.getByLabel('City').selectOption('Srinagar');
  await page.getByLabel('Specialty').selectOption('Cardiology');
  await page.getByLabel('Select Doctor').selectOption({ label: 'Dr. Asha Rao' });
  await expect(page.getByLabel('Select Clinic')).toBeEnabled();
  await page.getByLabel('Select Clinic').selectOption({ label: `${clinicName} (Srinagar)` });
  await expect(notice).toBeHidden();

  // The calendar: today is the first day that can be picked; a rep can cancel only after the day, so book tomorrow.
  await expect(page.getByRole('heading', { name: "Dr. Asha Rao's Availability" })).toBeVisible();
  await expect(page.getByText('Every 7 days')).toBeVisible();
  const today = todayInIndia(new Date());
  const tomorrow = addDays(today, 1);
  const grid = page.getByRole('grid');
  await expect(grid).toBeVisible();
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  const day = grid.locator(`[data-date="${tomorrow}"]`);
  await expect(day).toHaveAccessibleName(/, 3 slots left$/);
  await day.click();
  await expect(day).toHaveAttribute('aria-pressed', 'true');
  await screenshotBoth(page, 'rep-calendar');
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Appointment Booked');

  // One active future appointment per doctor and clinic: the calendar gives way to the notice.
  await expect(page.getByRole('heading', { name: 'Booking Currently Disabled' })).toBeVisible();
  await expect(page.getByText(formatDisplayDate(tomorrow))).toBeVisible();
  await screenshotBoth(page, 'rep-booking-disabled');

  // My Appointments shows it, with the cancel button the rule allows.
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  const card = page.getByTestId('appointment-card');
  await expect(card).toHaveCount(1);
  await expect(card).toContainText('Dr. Asha Rao');
  await expect(card).toContainText('Cardiology');
  await expect(card).toContainText(clinicName);
  await expect(card).toContainText('Tomorrow');
  await expect(card).toContainText(formatDisplayDate(tomorrow));
  await expect(card).toContainText('Booked');
  await screenshotBoth(page, 'rep-my-appointments');

  await card.getByRole('button', { name: /Cancel appointment with Dr. Asha Rao/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel Appointment' });
  await expect(dialog).toContainText('Are you sure you want to cancel this appointment? This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Keep Appointment' }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toHaveCount(1);
  await card.getByRole('button', { name: /Cancel appointment with Dr. Asha Rao/ }).click();
  await page.getByRole('dialog', { name: 'Cancel Appointment' }).getByRole('button', { name: 'Cancel Appointment' }).click();
  await expect(page.getByText('No upcoming appointments found.')).toBeVisible();

  // The calendar opens again after the cancellation.
  await page.getByRole('tab', { name: 'Book Appointment' }).click();
  await expect(page.getByRole('heading', { name: 'Booking Currently Disabled' })).toBeHidden();
  await expect(grid.locator(`[data-date="${tomorrow}"]`)).toHaveAccessibleName(/, 3 slots left$/);

  // Settings: change the phone number with the code e-mailed to the rep.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('heading', { name: 'Profile Information' })).toBeVisible();
  await expect(page.getByText('Two-Factor Authentication')).toBeVisible();
  await screenshotBoth(page, 'rep-settings');
  await page.getByRole('button', { name: 'Update Phone Number' }).click();
  const change = page.getByRole('dialog', { name: 'Update Phone Number' });
  await change.getByLabel('New Phone Number').fill('12ab');
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await expect(change.getByText('Please enter a valid phone number')).toBeVisible();
  const newPhone = phoneNumber();
  await change.getByLabel('New Phone Number').fill(newPhone);
  // A new phone (or e-mail) needs the current password too (decision 031); a wrong one is said under its field.
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await expect(change.getByText('Please enter your current password')).toBeVisible();
  await change.getByLabel('Current Password').fill('Not!MyPass1');
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await expect(change.getByText('Current password is incorrect.')).toBeVisible();
  await expect(change.getByLabel('Current Password')).toHaveAttribute('aria-invalid', 'true');
  await screenshotBoth(page, 'rep-profile-current-password');
  await change.getByLabel('Current Password').fill(PASSWORD);
  const before = [...mailbox.to(rep.email)];
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await expect(change.getByText('The code expires in 10 minutes.')).toBeVisible();
  const code = codeIn(await nextMail(mailbox, rep.email, before));
  const verify = change.getByRole('button', { name: 'Verify & Update' });
  await expect(verify).toBeDisabled();
  await change.getByLabel('Verification Code').fill(code);
  await screenshotBoth(page, 'rep-profile-code');
  await verify.click();
  await expect(change).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  await expect(page.getByText(displayPhone(canonicalPhone(newPhone)))).toBeVisible(); // stored canonical, shown +91 XXXXX XXXXX

  // Logout ends the server session and goes home; the dashboard then asks to log in.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/medrep-dashboard');
  await expect(page.getByTestId('toast')).toContainText('Session Expired');
  await expect(page).toHaveURL(/\/medrep-login$/);
});

test('a rep changes the e-mail with the current password; the old address undoes it and everyone is signed out', async ({ page, mailbox }) => {
  const rep = await signInRepWithTrial(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Change Email Address' }).click();
  const change = page.getByRole('dialog', { name: 'Change Email Address' });
  const newEmail = `moved${uniq()}@example.com`;
  await change.getByLabel('New Email Address').fill(newEmail);
  await change.getByLabel('Current Password').fill('Not!MyPass1');
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await expect(change.getByText('Current password is incorrect.')).toBeVisible();
  await expect(change.getByLabel('Current Password')).toBeFocused();
  await screenshotBoth(page, 'rep-profile-current-password');
  await change.getByLabel('Current Password').fill(PASSWORD);
  await change.getByRole('button', { name: 'Send OTP' }).click();
  await change.getByLabel('Verification Code').fill(codeIn(await nextMail(mailbox, newEmail, [])));
  await change.getByRole('button', { name: 'Verify & Update' }).click();
  await expect(change).toBeHidden();
  await expect(page.getByText(newEmail)).toBeVisible();

  // The old address is told, with a link that puts it back.
  const notice = await mailbox.waitFor(rep.email, (m) => /e-mail address was changed/.test(m.subject), 10_000);
  const link = new URL(notice.text.match(/https?:\/\/\S+\/restore-email\?token=\S+/)![0]);
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByRole('heading', { name: 'Undo E-mail Change' })).toBeVisible();
  await screenshotBoth(page, 'rep-restore-email');
  await page.getByRole('button', { name: 'Restore my e-mail address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your e-mail address has been restored' })).toBeVisible();
  await screenshotBoth(page, 'rep-restore-email-done');
  await mailbox.waitFor(rep.email, (m) => /Reset your/.test(m.subject), 10_000);
  // This browser's session ended too.
  await page.goto('/medrep-dashboard');
  await expect(page).toHaveURL(/\/medrep-login$/);
  // Opened again, the link is spent.
  await page.goto(`${link.pathname}${link.search}`);
  await page.getByRole('button', { name: 'Restore my e-mail address' }).click();
  await expect(page.getByRole('alert')).toContainText('This link is invalid, has expired or was already used.');
});

test('without a session the dashboard says so and sends the visitor to the rep login', async ({ page }) => {
  await page.goto('/medrep-dashboard');
  await expect(page.getByTestId('toast')).toContainText('Session Expired');
  await expect(page.getByTestId('toast')).toContainText('Please log in to continue.');
  await expect(page).toHaveURL(/\/medrep-login$/);
});

test("after 'Session Expired' a correct login opens the dashboard and stays there", async ({ page, mailbox }) => {
  const rep = await signInRepWithTrial(page.request, mailbox);
  await page.context().clearCookies();
  // The app's own clock, so the redirect a refusal set up can be run past at once (below) instead of waited for.
  await page.clock.install();
  await page.goto('/medrep-dashboard');
  await expect(page.getByTestId('toast')).toContainText('Session Expired');
  await expect(page).toHaveURL(/\/medrep-login$/);

  // The earlier "nobody signed in" answer must not be read again after the login (it sent the rep back once more).
  await page.getByLabel('Email').fill(rep.email);
  await page.getByLabel('Password').fill(PASSWORD);
  await screenshotBoth(page, 'rep-login-form');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  await page.clock.fastForward(1500);
  await expect(page).toHaveURL(/\/medrep-dashboard$/);
  await expect(page.getByRole('tab', { name: 'Book Appointment' })).toBeVisible();
});

test('a clinic session on the rep dashboard is an authentication error', async ({ page, mailbox }) => {
  await createClinicWithDoctor(page.request, mailbox, {}, 'Nisha Kapoor');
  await page.goto('/medrep-dashboard');
  await expect(page.getByTestId('toast')).toContainText('Authentication Error');
  await expect(page.getByTestId('toast')).toContainText('Please log in again.');
  await expect(page).toHaveURL(/\/medrep-login$/);
});

test('a rep who has not accepted the terms sees the agreement first, then the dashboard', async ({ page, mailbox }) => {
  const rep = await signInRepWithTrial(page.request, mailbox, { withTerms: false });
  await page.goto('/medrep-dashboard');
  const dialog = page.getByRole('dialog', { name: 'Legal Agreements Required' });
  await expect(dialog).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Book Appointment' })).toHaveCount(0);
  await dialog.getByText('I have read and agree to the Terms and Conditions').click();
  await dialog.getByText('I have read and agree to the Privacy Policy').click();
  await dialog.getByRole('button', { name: 'Accept' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText(`Welcome, ${rep.fullName}`)).toBeVisible();
  // No trial yet: the subscription panel stands in for the doctor search.
  await expect(page.getByRole('tab', { name: 'Book Appointment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Find a Doctor' })).toHaveCount(0);
  await screenshotBoth(page, 'rep-no-subscription');
  // Starting the trial from the panel opens the doctor search in place.
  await page.getByRole('button', { name: 'Start Free Trial' }).click();
  await expect(page.getByRole('heading', { name: 'Find a Doctor' })).toBeVisible();
});

test('the calendar tells full days and days off apart from open ones', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const weekdays = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName, clinicId, doctorId } = await createClinicWithDoctor(
    clinicContext.request,
    mailbox,
    { maxSlots: 1, availableDays: weekdays },
    'Vikram Mehta',
  );
  await clinicContext.close();

  // Another rep takes the only slot of the next working day.
  const today = todayInIndia(new Date());
  let full = addDays(today, 1);
  while (['saturday', 'sunday'].includes(weekdayOf(full))) full = addDays(full, 1);
  const otherContext = await browser.newContext({ baseURL });
  const other = await signInRepWithTrial(otherContext.request, mailbox);
  await ok(await otherContext.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: other.id, appointmentDate: full } }));
  await otherContext.close();

  await signInRepWithTrial(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(page, { doctorLabel: 'Dr. Vikram Mehta', clinicName: clinicName });
  await expect(page.getByText('Mon, Tue, Wed, Thu, Fri')).toBeVisible();
  await expect(page.getByText('1 per day')).toBeVisible();

  const grid = page.getByRole('grid');
  if (full.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  const fullDay = grid.locator(`[data-date="${full}"]`);
  await expect(fullDay).toHaveAccessibleName(/, unavailable: fully booked$/);
  await expect(fullDay).toHaveText(/Full/);
  // Unavailable days are aria-disabled: focusable for their reason, not pickable.
  await expect(fullDay).toBeDisabled();
  const weekend = grid.locator('[data-reason="unavailable_weekday"]').first();
  await expect(weekend).toHaveAccessibleName(/^(Saturday|Sunday), \d{2}\/\d{2}\/\d{4}, unavailable: not a working day for this doctor$/);
  await screenshotBoth(page, 'rep-calendar-states');
});
