import type { APIRequestContext, Locator } from '@playwright/test';
import { COMPANY } from '../src/shared/constants';
import { addDays, todayInIndia } from '../src/shared/dates';
import { PROFILE_MESSAGES, PROFILE_PASSWORD_HINT } from '../src/shared/schemas/profile';
import { codeIn, type Mailbox, type ReceivedMail } from '../src/server/test/mailbox';
import { expect, screenshot, screenshotBoth, test } from './fixtures';
import { chooseDoctorAndClinic } from './setup';

// Decision 038: the rep's Change Password dialog (each message under its field), Dark Mode for reps, SMS marked
// 'Coming Soon', the clinic's confirmation before saving no available day, neutral words about doctors, and e-mail
// addresses that wrap before '@' or a dot on a 360 px phone.

const PASSWORD = 'Journey!Pass1';
const STATE = 'Jammu and Kashmir';
const uniq = () => `${Date.now()}${Math.floor(Math.random() * 1000)}`;
const phoneNumber = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

async function nextMail(mailbox: Mailbox, address: string, before: ReceivedMail[]): Promise<ReceivedMail> {
  return mailbox.waitFor(address, (m) => !before.includes(m), 10_000);
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
  expect(res.ok(), `${res.url()} answered ${res.status()}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** A verified clinic signed in on `api` (terms accepted), optionally with one doctor open every day. */
async function signInClinic(api: APIRequestContext, mailbox: Mailbox, o: { email?: string; doctorName?: string; city?: string } = {}) {
  const email = o.email ?? `clinic${uniq()}@example.com`;
  const clinicName = `Chinar Clinic ${uniq().slice(-5)}`;
  const city = o.city ?? 'Srinagar';
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/clinic/register', {
      data: { clinicName, contactPerson: 'Meera Shah', state: STATE, city, email, contactNumber: phoneNumber(), password: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'clinic', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/auth/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'clinic' } }));
  if (!o.doctorName) return { clinicId: user.id, clinicName, email, doctorId: undefined };
  const { doctor } = await ok<{ doctor: { id: number } }>(
    await api.post('/api/clinic/doctors', { data: { clinicId: user.id, name: o.doctorName, specialty: 'Cardiology', state: STATE, city } }),
  );
  const everyDay = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };
  await ok(
    await api.post('/api/clinic/settings', { data: { clinicId: user.id, doctorId: doctor.id, maxSlots: 3, callFrequency: 7, availableDays: everyDay } }),
  );
  return { clinicId: user.id, clinicName, email, doctorId: doctor.id };
}

/** A verified rep with a free trial, signed in on `api`. */
async function signInRep(api: APIRequestContext, mailbox: Mailbox, o: { email?: string } = {}) {
  const email = o.email ?? `rep${uniq()}@example.com`;
  const before = [...mailbox.to(email)];
  const { registrationToken } = await ok<{ registrationToken: string }>(
    await api.post('/api/medrep/register', {
      data: { fullName: 'Ravi Kumar', email, phone: phoneNumber(), company: 'Sun Pharma', state: STATE, password: PASSWORD, confirmPassword: PASSWORD },
    }),
  );
  const otp = codeIn(await nextMail(mailbox, email, before));
  await ok(await api.post('/api/verify-otp', { data: { email, otp, type: 'medrep', registrationToken } }));
  const { user } = await ok<{ user: { id: number } }>(await api.post('/api/medrep/login', { data: { email, password: PASSWORD } }));
  await ok(await api.post('/api/accept-terms', { data: { userId: user.id, userType: 'medrep' } }));
  await ok(await api.post('/api/subscription/activate-free-trial', { data: { medicalRepId: user.id } }));
  return { id: user.id, email };
}

/** The text of each line the element's text is laid out on, as the browser wrapped it. */
async function wrappedLines(element: Locator): Promise<string[]> {
  return element.evaluate((el) => {
    const lines: string[] = [];
    let lastTop = Number.NaN;
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent ?? '';
      for (let i = 0; i < text.length; i++) {
        const range = document.createRange();
        range.setStart(node, i);
        range.setEnd(node, i + 1);
        const rect = range.getClientRects()[0];
        if (!rect) continue;
        const top = Math.round(rect.top);
        if (Number.isNaN(lastTop) || Math.abs(top - lastTop) > 2) lines.push(text.charAt(i));
        else lines[lines.length - 1] += text.charAt(i);
        lastTop = top;
      }
    }
    return lines;
  });
}

/** The address wraps (when `mustWrap`: it is too long for the line) and each new line starts at '@' or a dot. */
async function expectWrapsAtSensiblePoints(element: Locator, address: string, { mustWrap = true } = {}) {
  const lines = await wrappedLines(element);
  expect(lines.join('')).toBe(address);
  if (mustWrap) expect(lines.length, `one line: ${lines.join('')}`).toBeGreaterThan(1);
  for (const line of lines.slice(1)) expect(line, `lines: ${JSON.stringify(lines)}`).toMatch(/^[@.]/);
}

test('the rep changes the password: each message under its own field, the hint states the rule', async ({ page, mailbox }) => {
  const rep = await signInRep(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Change Password' }).click();
  const dialog = page.getByRole('dialog', { name: 'Change Password' });
  const current = dialog.getByLabel('Current Password');
  const next = dialog.getByLabel('New Password', { exact: true });
  const confirm = dialog.getByLabel('Confirm New Password');
  const send = dialog.getByRole('button', { name: 'Send OTP' });
  await expect(next).toHaveAccessibleDescription(PROFILE_PASSWORD_HINT);

  // Nothing in Current, 7 characters (the hint asks for 8) and a different confirmation: three messages, each under its field.
  await next.fill('Abcde1!');
  await confirm.fill('Abcde1?');
  await send.click();
  await expect(current).toHaveAccessibleDescription(PROFILE_MESSAGES.currentPassword);
  await expect(next).toHaveAccessibleDescription(`${PROFILE_PASSWORD_HINT} ${PROFILE_MESSAGES.passwordPolicy}`);
  await expect(confirm).toHaveAccessibleDescription(PROFILE_MESSAGES.passwordsMismatch);
  await screenshotBoth(page, 'rep-change-password-errors');

  // A password the hint allows, and a wrong current one: the server's answer shows under Current.
  await current.fill('Not!MyPass1');
  await next.fill('Changed!Pass2');
  await confirm.fill('Changed!Pass2');
  await send.click();
  await expect(current).toHaveAccessibleDescription('Current password is incorrect.');
  await expect(current).toHaveAttribute('aria-invalid', 'true');
  await expect(next).toHaveAccessibleDescription(PROFILE_PASSWORD_HINT);
  await expect(confirm).toHaveAccessibleDescription('');
  await expect(page.getByTestId('toast')).toContainText('Current password is incorrect.');
  await screenshotBoth(page, 'rep-change-password-wrong-current');

  // The right one: the code arrives, and the new password signs in.
  await current.fill(PASSWORD);
  const before = [...mailbox.to(rep.email)];
  await send.click();
  await dialog.getByLabel('Verification Code').fill(codeIn(await nextMail(mailbox, rep.email, before)));
  await dialog.getByRole('button', { name: 'Verify & Update' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('toast')).toContainText('Profile Updated');
  const login = await page.request.post('/api/medrep/login', { data: { email: rep.email, password: 'Changed!Pass2' } });
  expect(login.status()).toBe(200);
});

test('a rep turns Dark Mode on in Settings and it stays; SMS is Coming Soon and cannot be switched', async ({ page, browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const doctorName = `Dr. Nila Bhat ${uniq().slice(-4)}`;
  const clinicContext = await browser.newContext({ baseURL });
  const { clinicName } = await signInClinic(clinicContext.request, mailbox, { doctorName });
  await clinicContext.close();
  await signInRep(page.request, mailbox);

  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const sms = page.getByRole('switch', { name: /^SMS Notifications/ });
  await expect(sms).toHaveAccessibleName('SMS Notifications Coming Soon');
  await expect(sms).toBeDisabled();
  await expect(sms).toHaveAttribute('aria-checked', 'false');

  const dark = page.getByRole('switch', { name: 'Dark Mode' });
  await expect(dark).toHaveAttribute('aria-checked', 'false');
  await expect(page.locator('html')).not.toHaveClass(/dark/);
  await dark.click();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Dark Mode' })).toHaveAttribute('aria-checked', 'true');
  await screenshotBoth(page, 'rep-dark-settings');

  // The rep's other screens in dark mode (for the eye: test-results/screens).
  await page.getByRole('button', { name: 'Change Password' }).click();
  await screenshotBoth(page, 'rep-dark-change-password');
  await page.getByRole('dialog', { name: 'Change Password' }).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('tab', { name: 'Book Appointment' }).click();
  await chooseDoctorAndClinic(page, { doctorLabel: doctorName, clinicName: clinicName });
  const today = todayInIndia(new Date());
  const tomorrow = addDays(today, 1);
  if (tomorrow.slice(0, 7) !== today.slice(0, 7)) await page.getByRole('button', { name: 'Next month' }).click();
  await page.getByRole('grid').locator(`[data-date="${tomorrow}"]`).click();
  await screenshotBoth(page, 'rep-dark-calendar');
  await page.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Booking Currently Disabled' })).toBeVisible();
  await screenshotBoth(page, 'rep-dark-booking-disabled');
  await page.getByRole('tab', { name: 'My Appointments' }).click();
  await expect(page.getByTestId('appointment-card')).toHaveCount(1);
  await screenshotBoth(page, 'rep-dark-my-appointments');

  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByRole('switch', { name: 'Dark Mode' }).click();
  await expect(page.locator('html')).not.toHaveClass(/dark/);
});

test('at 360 px e-mail addresses wrap before the @ or a dot, never inside a word', async ({ page, browser, baseURL, mailbox }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  const repEmail = `ravi.kumar.fieldrepresentative${uniq().slice(-5)}@sunpharmaceuticals.example.com`;
  await signInRep(page.request, mailbox, { email: repEmail });
  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();
  const profile = page
    .locator('section, div')
    .filter({ has: page.getByRole('heading', { name: 'Profile Information' }) })
    .last();
  await expectWrapsAtSensiblePoints(profile.getByText(repEmail), repEmail);
  // The grievance address in 'Your data' wraps as a whole or at its '@' and dots.
  await expectWrapsAtSensiblePoints(page.getByRole('link', { name: COMPANY.grievanceEmail }), COMPANY.grievanceEmail, { mustWrap: false });
  await screenshot(page, { path: 'test-results/screens/email-wrap-rep-profile-phone.png', fullPage: true });

  const clinicContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
  const clinicEmail = `meera.shah.appointments${uniq().slice(-5)}@lakeviewclinicsrinagar.example.com`;
  await signInClinic(clinicContext.request, mailbox, { email: clinicEmail });
  const clinicPage = await clinicContext.newPage();
  await clinicPage.goto('/clinic/dashboard');
  await expectWrapsAtSensiblePoints(clinicPage.locator('header').getByText(clinicEmail), clinicEmail);
  await screenshot(clinicPage, { path: 'test-results/screens/email-wrap-clinic-header-phone.png' });
  await clinicContext.close();
});

test('Call Preferences with no weekday ticked asks first; the clinic may still save it', async ({ page, mailbox }) => {
  const doctorName = `Dr. Omar Dar ${uniq().slice(-4)}`;
  const { clinicId, doctorId } = await signInClinic(page.request, mailbox, { doctorName });
  const settings = async () => (await (await page.request.get(`/api/clinic/settings/${clinicId}?doctorId=${doctorId}`)).json()).settings;
  await page.goto('/clinic/dashboard');
  await page.getByRole('tab', { name: 'Call Setting' }).click();
  const days = page.getByRole('group', { name: 'Available days' }).getByRole('checkbox');
  await expect(days).toHaveCount(7);
  for (const day of await days.all()) if ((await day.getAttribute('aria-checked')) === 'true') await day.click();
  await page.getByRole('button', { name: 'Save Settings' }).click();

  const ask = page.getByRole('dialog', { name: 'No Available Days' });
  await expect(ask).toContainText(`No rep will be able to book a visit with ${doctorName} until at least one day is ticked again. Save anyway?`);
  await screenshotBoth(page, 'clinic-no-days-confirm');
  await ask.getByRole('button', { name: 'Go Back' }).click();
  await expect(ask).toBeHidden();
  expect((await settings()).availableDays.monday).toBe(true);

  await page.getByRole('button', { name: 'Save Settings' }).click();
  await ask.getByRole('button', { name: 'Save Anyway' }).click();
  await expect(page.getByTestId('toast')).toContainText('Settings Saved');
  expect(Object.values((await settings()).availableDays)).toEqual([false, false, false, false, false, false, false]);
});

test('the clinic dashboard speaks of doctors neutrally, its Doctors hint is true at both widths, SMS is Coming Soon', async ({ page, mailbox }) => {
  await signInClinic(page.request, mailbox);
  const gendered = /\b(he|she|his|her|him|hers|himself|herself)\b/i;
  await page.goto('/clinic/dashboard');
  await expect(page.getByText('Add a doctor in the Doctors tab to see their appointments.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(gendered);
  await page.getByRole('tab', { name: 'Call Setting' }).click();
  await expect(page.getByText('Select a doctor to set when reps may visit them.')).toBeVisible();
  await expect(page.locator('main')).not.toContainText(gendered);

  // The empty list points at the Add Doctor form, which is below it on a phone and beside it on a wide screen.
  await page.getByRole('tab', { name: 'Doctors' }).click();
  const hint = page.getByText('No doctors yet. Add your first doctor with the Add Doctor form.');
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(hint).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Add Doctor', exact: true })).toBeVisible();
  }
  await screenshotBoth(page, 'clinic-doctors-empty');
  await page.getByLabel('Doctor name').fill('Dr. Sana Mir');
  await page.getByLabel('Specialty').selectOption('Pediatrics');
  await page.getByRole('button', { name: 'Add Doctor', exact: true }).click();
  await page.getByRole('button', { name: 'Remove Dr. Sana Mir' }).click();
  const remove = page.getByRole('dialog', { name: 'Remove Doctor' });
  await expect(remove).toContainText('Their future appointments here (from today on) will be cancelled');
  await expect(remove).not.toContainText(gendered);
  await remove.getByRole('button', { name: 'Keep Doctor' }).click();

  // SMS: nothing sends it yet, so it is marked Coming Soon and cannot be ticked; e-mail still saves.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const sms = page.getByRole('checkbox', { name: /^SMS notifications/ });
  await expect(sms).toHaveAccessibleName('SMS notifications Coming Soon');
  await expect(sms).toBeDisabled();
  await expect(sms).not.toBeChecked();
  await page.getByRole('checkbox', { name: 'Email notifications' }).click();
  await expect(page.getByTestId('toast')).toContainText('Preferences Saved');
  await screenshotBoth(page, 'clinic-settings-sms-coming-soon');
});
