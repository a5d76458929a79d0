import type { APIRequestContext, Page } from '@playwright/test';
import { todayInIndia } from '../src/shared/dates';
import { LOCALE_COOKIE } from '../src/shared/i18n/locales';
import { axeOf, expect, screenshot, test } from './fixtures';
import { createClinicWithDoctor, nextMail, ok, PASSWORD, signInRepWithTrial, uniq } from './setup';

// A clinic's day across its people (docs/decisions/072, 073, 074): the owner invites a receptionist and the doctor; two
// reps booked today wait, at 360 px in English and Urdu, each page saying 'You are #N in line'. One rep checks in with
// the code on reception's screen; the doctor, on a phone, presses Call next, and the rep's page says 'will see you
// now' without a reload. Reception's queue board on the waiting room's TV (1280 px) follows along.

const SHOTS = 'test-results/screens';
const PHONE = { width: 360, height: 780 };
const DESKTOP = { width: 1280, height: 800 };

/** The token of the link in the newest mail to `email` after `before`. */
async function linkToken(mailbox: Parameters<typeof nextMail>[0], email: string, before: Awaited<ReturnType<typeof nextMail>>[], path: string) {
  const mail = await nextMail(mailbox, email, before);
  return new RegExp(`${path}\\?token=([\\w-]+)`).exec(mail.text)![1]!;
}

async function book(api: APIRequestContext, o: { repId: number; clinicId: number; doctorId: number; date: string }): Promise<number> {
  const { appointment } = await ok<{ appointment: { id: number } }>(
    await api.post('/api/book-appointment', { data: { repId: o.repId, clinicId: o.clinicId, doctorId: o.doctorId, appointmentDate: o.date } }),
  );
  return appointment.id;
}

/** No serious or critical axe violation (WCAG 2 A and AA) on the page as it stands. */
async function expectAccessible(page: Page) {
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: width === 360 ? 780 : 800 });
    await screenshot(page, { path: `${SHOTS}/live-queue-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

test('the owner invites reception and the doctor; reception checks a rep in, the doctor calls next, the rep sees it live', async ({
  browser,
  baseURL,
  mailbox,
}) => {
  test.setTimeout(240_000);
  const today = todayInIndia(new Date());
  const ownerContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  const clinic = await createClinicWithDoctor(ownerContext.request, mailbox, { settings: { maxSlots: 5 } });
  const doctor = `Dr. ${clinic.doctorName}`;

  // The owner invites a receptionist, who accepts the e-mailed link (and is signed in by it) on the reception desk.
  const receptionEmail = `reception${uniq()}@example.com`;
  let before = [...mailbox.to(receptionEmail)];
  await ok(await ownerContext.request.post('/api/clinic/team', { data: { name: 'Meena Reception', email: receptionEmail, role: 'reception' } }));
  const receptionToken = await linkToken(mailbox, receptionEmail, before, '/clinic/invite');
  const receptionContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  await ok(await receptionContext.request.post('/api/clinic/team/accept', { data: { token: receptionToken, password: PASSWORD } }));

  // The owner invites the doctor, who accepts and signs in on a phone.
  const doctorEmail = `doctor${uniq()}@example.com`;
  before = [...mailbox.to(doctorEmail)];
  await ok(await ownerContext.request.post(`/api/clinic/doctors/${clinic.doctorId}/invite`, { data: { email: doctorEmail } }));
  const doctorToken = await linkToken(mailbox, doctorEmail, before, '/doctor/invite');
  const doctorContext = await browser.newContext({ baseURL, viewport: PHONE });
  await ok(await doctorContext.request.post('/api/doctor/invite/accept', { data: { token: doctorToken, password: PASSWORD } }));
  const doctorPage = await doctorContext.newPage();
  await doctorPage.goto('/doctor-login');
  await doctorPage.getByLabel('Email').fill(doctorEmail);
  await doctorPage.getByLabel('Password').fill(PASSWORD);
  await doctorPage.getByRole('button', { name: 'Sign in', exact: true }).click();
  await doctorPage.waitForURL(/\/doctor\/dashboard$/);
  const doctorCard = doctorPage.getByRole('region', { name: clinic.clinicName });

  // Two reps book today's whole day: the English one first (#1), the Urdu one second (#2).
  const enContext = await browser.newContext({ baseURL, viewport: PHONE });
  const en = await signInRepWithTrial(enContext.request, mailbox, { fullName: 'Ravi Kumar' });
  await book(enContext.request, { repId: en.id, clinicId: clinic.clinicId, doctorId: clinic.doctorId, date: today });
  const urContext = await browser.newContext({ baseURL, viewport: PHONE });
  const ur = await signInRepWithTrial(urContext.request, mailbox, { fullName: 'Sana Mir' });
  const urVisit = await book(urContext.request, { repId: ur.id, clinicId: clinic.clinicId, doctorId: clinic.doctorId, date: today });

  // Reception's desk: the day view with the check-in code; the queue board on the waiting room's TV, at 1280 px.
  const desk = await receptionContext.newPage();
  await desk.goto('/clinic/dashboard');
  const codeOnScreen = desk.getByLabel('Check-in code');
  await expect(codeOnScreen).toHaveText(/^\d{3} \d{3}$/);
  const code = (await codeOnScreen.textContent())!.replace(/\D/g, '');
  const board = await receptionContext.newPage();
  await board.goto(`/clinic/queue-board?clinicId=${clinic.clinicId}`);
  await expect(board.getByRole('heading', { level: 1, name: clinic.clinicName })).toBeVisible();
  await expect(board.getByText('Live', { exact: true })).toBeVisible();
  await expect(board.getByTestId('now-seeing')).toHaveText('—');
  await expect(board.getByTestId('next-tokens')).toHaveText(/#1\s+#2/);
  await expect(board.getByText('Sana Mir')).toHaveCount(0);
  await shoot(board, 'board-en');

  // The English rep's My Appointments at 360 px: first in line.
  const enPage = await enContext.newPage();
  await enPage.goto('/medrep-dashboard');
  await enPage.getByRole('tab', { name: 'My Appointments' }).click();
  const enLine = enPage.getByTestId('queue-line');
  await expect(enLine).toHaveAttribute('aria-live', 'polite');
  await expect(enLine).toContainText('You are #1 in line');

  // The Urdu rep's, second in line.
  const urPage = await urContext.newPage();
  await urPage.goto('/medrep-dashboard?lang=ur');
  await urPage.getByRole('tab', { name: 'میری اپائنٹمنٹس' }).click();
  const urLine = urPage.getByTestId('queue-line');
  await expect(urLine).toContainText('قطار میں آپ کا نمبر #2 ہے');
  await shoot(urPage, 'rep-waiting-ur');

  // The English rep checks in with the code reception shows, through the check-in dialog.
  await enPage.getByRole('button', { name: /^Check in: Dr\. / }).click();
  const dialog = enPage.getByRole('dialog', { name: 'Check in at reception' });
  await dialog.getByLabel('Check-in code').fill(code);
  await dialog.getByRole('button', { name: 'Check in', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(enLine).toContainText('You are #1 in line');
  await expect(board.getByText('1 arrived')).toBeVisible();
  await shoot(enPage, 'rep-waiting-en');

  // The doctor presses Call next on the phone: the rep's page says so, no reload; the Urdu rep is first in line now.
  await doctorPage.reload();
  await expect(doctorCard.getByTestId('doctor-visit').filter({ hasText: 'Ravi Kumar' })).toContainText('Arrived');
  await doctorCard.getByRole('button', { name: 'Call next' }).click();
  await expect(doctorCard.getByTestId('in-room')).toContainText('Ravi Kumar');
  await screenshot(doctorPage, { path: `${SHOTS}/live-queue-doctor-called-360.png`, fullPage: true });
  await expect(enLine).toContainText(`${doctor} will see you now`);
  await expect(urLine).toContainText('قطار میں آپ کا نمبر #1 ہے');
  await expect(board.getByTestId('now-seeing')).toHaveText('#1');
  await expectAccessible(board);
  await expectAccessible(enPage);
  await shoot(enPage, 'rep-called-en');
  await shoot(board, 'board-now-seeing-en');

  // The Urdu rep checks in (the same check-in route); the doctor's next press completes the first visit and calls her.
  await ok(await urContext.request.post('/api/medrep/check-in', { data: { appointmentId: urVisit, code } }));
  await doctorPage.reload();
  await doctorCard.getByRole('button', { name: 'Call next' }).click();
  await expect(doctorCard.getByTestId('in-room')).toContainText('Sana Mir');
  await expect(urLine).toContainText(`ڈاکٹر ${clinic.doctorName} اب آپ سے ملیں گے`);
  await expectAccessible(urPage);
  await shoot(urPage, 'rep-called-ur');

  // The board in Hindi and Urdu, the clinic's language.
  for (const lang of ['hi', 'ur'] as const) {
    await board.goto(`/clinic/queue-board?clinicId=${clinic.clinicId}&lang=${lang}`);
    await expect(board.getByTestId('now-seeing')).toHaveText('#2');
    await expect(board.getByText(lang === 'hi' ? 'अभी मिल रहे हैं' : 'اب مل رہے ہیں')).toBeVisible();
    await shoot(board, `board-${lang}`);
  }
  // A TV that never chose a language shows the board in the clinic's, as the owner set it.
  await ok(await ownerContext.request.put('/api/account/language', { data: { language: 'ur' } }));
  const tvContext = await browser.newContext({ baseURL, viewport: DESKTOP });
  await tvContext.addCookies((await receptionContext.cookies()).filter((c) => c.name !== LOCALE_COOKIE));
  const tv = await tvContext.newPage();
  await tv.goto(`/clinic/queue-board?clinicId=${clinic.clinicId}`);
  await expect(tv.getByText('اب مل رہے ہیں')).toBeVisible();
  await expect(tv.locator('html')).toHaveAttribute('dir', 'rtl');

  // And the called rep's page in Hindi.
  await urPage.goto('/medrep-dashboard?lang=hi');
  await urPage.getByRole('tab', { name: 'मेरे अपॉइंटमेंट' }).click();
  await expect(urPage.getByTestId('queue-line')).toContainText('अब आपसे मिलेंगे');
  await shoot(urPage, 'rep-called-hi');
});
