import { readFileSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { formatDisplayDate, todayInIndia } from '../src/shared/dates';
import type { Mailbox } from '../src/server/test/mailbox';
import { axeOf, expect, screenshot, test } from './fixtures';
import { chooseDoctorAndClinic, createClinicWithDoctor, ok, PASSWORD, signInRepWithTrial } from './setup';

// A visit's proof (docs/decisions/041-visit-outcomes-and-proof.md), at 360 px: the rep books today, the clinic
// confirms, its screen shows the check-in code, the rep checks in with it, the clinic marks the visit completed, the
// rep opens the proof of visit (valid; a changed one is not), and exports the Visit History as CSV. Then the
// reception's QR link opened on a phone where the rep is not signed in: log in, come back, checked in.

const SHOTS = 'test-results/screens';
const PHONE = { width: 360, height: 780 };
const REP = 'Priya Nair';

/** The page at 360 px and 1280 px (the whole page; only the viewport with a dialog, whose overlay covers it). */
async function shoot(page: Page, name: string, o: { dialog?: boolean } = {}) {
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    await screenshot(page, { path: `${SHOTS}/visit-proof-${name}-${width}.png`, fullPage: !o.dialog });
  }
  await page.setViewportSize(PHONE);
}

/** No serious or critical axe violation (WCAG 2 A and AA) inside `selector`, at the width on screen. */
async function expectAccessible(page: Page, selector = 'body') {
  const results = await axeOf(page).include(selector).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

/** The code on the clinic's screen, digits only ('123 456' is shown in two groups). */
async function checkInCode(clinic: Page): Promise<string> {
  const code = clinic.getByLabel('Check-in code');
  await expect(code).toHaveText(/^\d{3} \d{3}$/);
  return (await code.textContent())!.replace(/\D/g, '');
}

/** The time shown as "Checked in HH:MM" on the rep's card. */
const checkedInTime = async (page: Page) =>
  /Checked in (\d{2}:\d{2})/.exec(
    (await page
      .getByText(/^Checked in \d{2}:\d{2}$/)
      .first()
      .textContent())!,
  )![1]!;

async function clinicContext(browser: Browser, baseURL: string, mailbox: Mailbox) {
  const context = await browser.newContext({ baseURL, viewport: PHONE });
  // The doctor confirms each booking (docs/decisions/041); the settings go to /api/clinic/settings as they are.
  const settings = { maxSlots: 3, requiresApproval: true };
  const clinic = await createClinicWithDoctor(context.request, mailbox, { settings });
  const page = await context.newPage();
  await page.goto('/clinic/dashboard');
  return { ...clinic, page, context };
}

test('at 360 px: book today, check in with the clinic code, the clinic completes the visit, the proof verifies, the history exports', async ({
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(300_000); // two browsers, axe on six screens, a CSV: slow on a busy machine
  const today = todayInIndia(new Date());
  const clinic = await clinicContext(browser, baseURL!, mailbox);
  const repContext = await browser.newContext({ baseURL, viewport: PHONE, permissions: ['clipboard-read', 'clipboard-write'] });
  await signInRepWithTrial(repContext.request, mailbox, { fullName: REP });
  const rep = await repContext.newPage();

  // The rep books today (the whole day: the doctor has no visiting hours).
  await rep.goto('/medrep-dashboard');
  await chooseDoctorAndClinic(rep, { doctorLabel: `Dr. ${clinic.doctorName}`, clinicName: clinic.clinicName });
  await rep.getByRole('grid').locator(`[data-date="${today}"]`).click();
  await rep.getByRole('button', { name: 'Book Appointment', exact: true }).click();
  // The screen says what the e-mail says: the clinic confirms this doctor's bookings (decision 053).
  await expect(rep.getByTestId('toast')).toContainText('Appointment booked, awaiting confirmation');
  await expect(rep.getByTestId('toast')).toContainText('The clinic will confirm the visit');

  // The doctor confirms bookings: the rep reads 'Awaiting confirmation' until the clinic confirms.
  await rep.getByRole('tab', { name: 'My Appointments' }).click();
  const card = rep.getByTestId('appointment-card');
  await expect(card).toContainText('Awaiting confirmation');
  await expect(card).toContainText('Cannot cancel on appointment day');
  await clinic.page.reload();
  await clinic.page.getByRole('button', { name: `Confirm ${REP}'s visit` }).click();
  await expect(clinic.page.getByTestId('toast')).toContainText('Visit confirmed');
  await rep.getByRole('button', { name: 'Refresh' }).click();
  await expect(card).toContainText('Confirmed');
  await expectAccessible(rep, 'main');
  await shoot(rep, 'my-appointments-today');

  // A wrong code is refused under the field, in the server's words; the clinic's current code checks in.
  const code = await checkInCode(clinic.page);
  await card.getByRole('button', { name: /^Check in: Dr\. / }).click();
  const dialog = rep.getByRole('dialog', { name: 'Check in at reception' });
  const field = dialog.getByLabel('Check-in code');
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('inputmode', 'numeric');
  await expect(field).toHaveAttribute('autocomplete', 'one-time-code');
  await field.fill(code.startsWith('0') ? `1${code.slice(1)}` : `0${code.slice(1)}`);
  await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(dialog.getByText('Invalid check-in code. Please ask the reception for the current code.')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(rep, '[role="dialog"]');
  await shoot(rep, 'check-in-dialog-refused', { dialog: true });
  await field.fill(code);
  await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(rep.getByTestId('toast')).toContainText(`Checked in at ${clinic.clinicName} at`);
  await expect(card.getByText(/^Checked in \d{2}:\d{2}$/)).toBeVisible();
  const at = await checkedInTime(rep);
  await expect(card.getByRole('button', { name: /^Proof of visit: / })).toBeVisible();
  await shoot(rep, 'my-appointments-checked-in');

  // The clinic sees the arrival and marks the visit completed.
  await clinic.page.reload();
  // At 360 px the day is a list of cards (the table is for wider screens).
  await expect(clinic.page.getByRole('list', { name: 'Appointments' }).getByText(`Arrived ${at}`)).toBeVisible();
  // The rep checked in with the code: no No-show is offered (decision 046). Completed asks first on the phone.
  await expect(clinic.page.getByRole('button', { name: `Mark ${REP}'s visit as no-show` })).toHaveCount(0);
  await clinic.page.getByRole('button', { name: `Mark ${REP}'s visit completed` }).click();
  const asked = clinic.page.getByRole('dialog', { name: `Mark ${REP}'s visit completed?` });
  await expect(asked).toContainText('You can undo this for 10 minutes.');
  await expectAccessible(clinic.page, '[role="dialog"]');
  await asked.getByRole('button', { name: 'Mark completed' }).click();
  await expect(clinic.page.getByTestId('toast')).toContainText('Visit marked completed');
  // Undo stays offered for 10 minutes after.
  await expect(clinic.page.getByRole('button', { name: `Undo the outcome of ${REP}'s visit` })).toBeVisible();
  await rep.getByRole('button', { name: 'Refresh' }).click();
  await expect(card).toContainText('Completed');
  await expect(card).toContainText('Appointment Completed');

  // The proof of visit: valid, with the facts a manager needs; the link goes to the clipboard.
  await card.getByRole('button', { name: /^Proof of visit: / }).click();
  await rep.waitForURL(/\/verify-visit\?receipt=/);
  await expect(rep.getByText('Valid', { exact: true })).toBeVisible();
  await expect(rep.getByText('This proof of visit was signed by RepVisit and has not been changed.')).toBeVisible();
  const facts = rep.getByLabel('What this proof of visit says');
  await expect(facts).toContainText(`${REP}, Sun Pharma`);
  await expect(facts).toContainText(`Dr. ${clinic.doctorName}, Cardiology`);
  await expect(facts).toContainText(`${clinic.clinicName}, Srinagar, Jammu and Kashmir`);
  await expect(facts).toContainText(formatDisplayDate(today));
  await expect(facts).toContainText(`${at} IST`);
  await expect(rep.getByRole('button', { name: 'Print' })).toBeVisible();
  const share = rep.getByRole('button', { name: 'Share' });
  if (await share.isVisible()) {
    // A browser with a share sheet: the sheet itself cannot be driven here, only that it is offered.
  } else {
    await rep.getByRole('button', { name: 'Copy link' }).click();
    await expect(rep.getByTestId('toast')).toContainText('Link copied');
    expect(await rep.evaluate(() => navigator.clipboard.readText())).toBe(rep.url());
    await rep.getByTestId('toast').getByRole('button', { name: 'Close' }).click();
  }
  await expectAccessible(rep);
  await shoot(rep, 'proof-valid');
  // On paper: the proof without the buttons.
  await rep.emulateMedia({ media: 'print' });
  await expect(rep.getByRole('button', { name: 'Print' })).toBeHidden();
  await screenshot(rep, { path: `${SHOTS}/visit-proof-proof-print-360.png`, fullPage: true });
  await rep.emulateMedia({ media: 'screen' });

  // The same proof with a fact changed is not valid.
  const receipt = new URL(rep.url()).searchParams.get('receipt')!;
  const [payload, signature] = receipt.split('.') as [string, string];
  const facts2 = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
  const changed = Buffer.from(JSON.stringify({ ...facts2, repName: 'Someone Else' })).toString('base64url');
  await rep.goto(`/verify-visit?receipt=${encodeURIComponent(`${changed}.${signature}`)}`);
  await expect(rep.getByText('Not valid', { exact: true })).toBeVisible();
  await expect(rep.getByText('This proof of visit was changed or was not issued by RepVisit.')).toBeVisible();
  await expect(rep.getByLabel('What this proof of visit says')).toHaveCount(0);
  await expectAccessible(rep);
  await shoot(rep, 'proof-not-valid');

  // The Visit History: the visit completed with its check-in time; exported as CSV with the session.
  await rep.goto('/medrep-dashboard?tab=appointments');
  await rep.getByRole('tab', { name: 'Visit History' }).click();
  const item = rep.getByTestId('visit-history-item');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('Completed');
  await expect(item).toContainText(`Checked in ${at}`);
  await expect(item).toContainText(`${clinic.clinicName}, Srinagar`);
  await expectAccessible(rep, 'main');
  await shoot(rep, 'visit-history');
  const [download] = await Promise.all([rep.waitForEvent('download'), rep.getByRole('link', { name: 'Export CSV' }).click()]);
  const csv = readFileSync(await download.path(), 'utf8');
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toContain('Date');
  expect(header).toContain('Outcome');
  expect(header).toContain('Check-in time (IST)');
  expect(rows).toHaveLength(1);
  expect(rows[0]).toContain(clinic.doctorName);
  expect(rows[0]).toContain(clinic.clinicName);
  expect(rows[0]).toContain('Completed');
  expect(rows[0]).toContain(at);

  await repContext.close();
  await clinic.context.close();
});

test("the reception's QR link on a phone where the rep is not signed in: log in, come back, checked in", async ({ browser, baseURL, mailbox }) => {
  test.setTimeout(120_000);
  const clinic = await clinicContext(browser, baseURL!, mailbox);
  // The rep books today from another device; this phone has no session.
  const other = await browser.newContext({ baseURL });
  const repUser = await signInRepWithTrial(other.request, mailbox, { fullName: 'Anil Sharma' });
  await ok(
    await other.request.post('/api/book-appointment', {
      data: { doctorId: clinic.doctorId, clinicId: clinic.clinicId, repId: repUser.id, appointmentDate: todayInIndia(new Date()) },
    }),
  );
  await other.close();

  const code = await checkInCode(clinic.page);
  const phone = await (await browser.newContext({ baseURL, viewport: PHONE })).newPage();
  await phone.goto(`/check-in?clinicId=${clinic.clinicId}&code=${code}`);
  await expect(phone.getByRole('heading', { name: 'Check in at reception' })).toBeVisible();
  await expect(phone.getByText('Please log in to check in. You will come back here after logging in.')).toBeVisible();
  await expectAccessible(phone);
  await shoot(phone, 'qr-log-in');
  await phone.getByRole('button', { name: 'Log in' }).click();
  await phone.waitForURL('**/medrep-login');
  await phone.getByLabel('Email').fill(repUser.email);
  await phone.getByLabel('Password').fill(PASSWORD);
  await phone.getByRole('button', { name: 'Login' }).click();

  await phone.waitForURL(/\/check-in\?/);
  const done = phone.getByText(new RegExp(`^Checked in at ${clinic.clinicName} at \\d{2}:\\d{2}$`));
  await expect(done).toBeVisible();
  await expect(phone.getByRole('button', { name: /^Proof of visit: / })).toBeVisible();
  await expectAccessible(phone);
  await shoot(phone, 'qr-checked-in');
  await phone.getByRole('link', { name: 'My Appointments' }).click();
  await expect(phone.getByTestId('appointment-card')).toContainText(/Checked in \d{2}:\d{2}/);
  await clinic.page.reload();
  await expect(clinic.page.getByRole('list', { name: 'Appointments' }).getByText(/^Arrived \d{2}:\d{2}$/)).toBeVisible();
  await phone.context().close();
  await clinic.context.close();
});
