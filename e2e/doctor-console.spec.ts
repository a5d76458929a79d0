import type { Page } from '@playwright/test';
import { todayInIndia } from '../src/shared/dates';
import hi from '../src/shared/i18n/client/hi.json' with { type: 'json' };
import ur from '../src/shared/i18n/client/ur.json' with { type: 'json' };
import { LOCALE_COOKIE } from '../src/shared/i18n/locales';
import { expect, screenshot, test } from './fixtures';
import { createClinicWithDoctor, ok, PASSWORD, signInRepWithTrial, uniq } from './setup';

// The doctor's own login (docs/decisions/073) on a phone (360 px), in English, Hindi and Urdu: the clinic invites its doctor,
// the doctor accepts the invitation, signs in, sees the day, and presses Call next on the rep who has arrived.

const SHOTS = 'test-results/screens';
const CATALOGS: Record<'en' | 'hi' | 'ur', Record<string, string>> = { en: {}, hi, ur };
const say = (locale: 'en' | 'hi' | 'ur', english: string) => CATALOGS[locale][english] || english;

/** How many pixels the page scrolls sideways (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const s = document.scrollingElement ?? document.documentElement;
    return s.scrollWidth - s.clientWidth;
  });

async function shoot(page: Page, name: string) {
  await screenshot(page, { path: `${SHOTS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await screenshot(page, { path: `${SHOTS}/${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
}

// Hindi too: its longer words are the likeliest to overflow a phone.
for (const locale of ['en', 'hi', 'ur'] as const) {
  test(`${locale}: a doctor accepts the clinic's invitation, signs in and calls the rep who has arrived`, async ({ page, browser, baseURL, mailbox }) => {
    test.setTimeout(120_000);
    const today = todayInIndia(new Date());
    const clinicContext = await browser.newContext({ baseURL });
    const clinic = await createClinicWithDoctor(clinicContext.request, mailbox, { doctorName: 'Dr. Vikram Khanna' });
    const repContext = await browser.newContext({ baseURL });
    const rep = await signInRepWithTrial(repContext.request, mailbox, { fullName: 'Asif Rather' });
    const { appointment } = await ok<{ appointment: { id: number } }>(
      await repContext.request.post('/api/book-appointment', {
        data: { doctorId: clinic.doctorId, clinicId: clinic.clinicId, repId: rep.id, appointmentDate: today },
      }),
    );
    // The rep checks in at reception with the clinic's code.
    const { code } = await ok<{ code: string }>(await clinicContext.request.get(`/api/clinic/check-in-code?clinicId=${clinic.clinicId}`));
    await ok(await repContext.request.post('/api/medrep/check-in', { data: { appointmentId: appointment.id, code } }));

    // The clinic invites its doctor from the Doctors tab.
    const email = `dr${uniq()}@example.com`;
    const clinicPage = await clinicContext.newPage();
    await clinicPage.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    await clinicPage.setViewportSize({ width: 360, height: 780 });
    await clinicPage.goto('/clinic/dashboard');
    await clinicPage.getByRole('tab', { name: say(locale, 'Doctors') }).click();
    const before = [...mailbox.to(email)];
    await clinicPage.getByRole('button', { name: say(locale, 'Invite {name} to their own login').replace('{name}', clinic.doctorName) }).click();
    await clinicPage.getByLabel(say(locale, "Doctor's e-mail")).fill(email);
    await screenshot(clinicPage, { path: `${SHOTS}/doctor-invite-dialog-${locale}-360.png` });
    await clinicPage.getByRole('button', { name: say(locale, 'Send invitation') }).click();
    await expect(clinicPage.getByTestId('toast')).toContainText(say(locale, 'Invitation sent'));
    const mail = await mailbox.waitFor(email, (m) => !before.includes(m), 10_000);
    const link = /https?:\/\/\S+\/doctor\/invite\?token=[\w-]+/.exec(mail.text)![0];

    // The doctor, on a phone.
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByLabel(say(locale, 'Password')).fill(PASSWORD);
    await shoot(page, `doctor-invite-${locale}`);
    await page.getByRole('button', { name: say(locale, 'Accept invitation') }).click();
    await page.waitForURL(/\/doctor-login\?email=/);
    await expect(page.getByLabel(say(locale, 'Email'))).toHaveValue(email);
    await page.getByLabel(say(locale, 'Password')).fill(PASSWORD);
    await shoot(page, `doctor-login-${locale}`);
    await page.getByRole('button', { name: say(locale, 'Sign in'), exact: true }).click();
    await page.waitForURL(/\/doctor\/dashboard$/);

    const card = page.getByRole('region', { name: clinic.clinicName });
    await expect(card.getByTestId('doctor-visit').filter({ hasText: 'Asif Rather' })).toContainText(say(locale, 'Arrived'));
    await shoot(page, `doctor-day-${locale}`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    await card.getByRole('button', { name: say(locale, 'Call next') }).click();
    await expect(card.getByTestId('in-room')).toContainText('Asif Rather');
    await expect(card.getByTestId('doctor-visit').filter({ hasText: 'Asif Rather' })).toContainText(say(locale, 'In the room'));
    await shoot(page, `doctor-day-called-${locale}`);
    expect(await sidewaysScroll(page)).toBeLessThanOrEqual(0);

    // No rep visits today asks for a reason and says it cannot be undone.
    await card.getByRole('button', { name: say(locale, 'No rep visits today') }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await screenshot(page, { path: `${SHOTS}/doctor-cancel-dialog-${locale}-360.png` });
    await page.keyboard.press('Escape');

    // The clinic lets the doctor manage the call settings there; the doctor saves them.
    await ok(
      await clinicContext.request.post('/api/clinic/settings', {
        data: { clinicId: clinic.clinicId, doctorId: clinic.doctorId, maxSlots: 3, callFrequency: 7, doctorManagesSettings: true },
      }),
    );
    await page.reload();
    await card.getByRole('button', { name: say(locale, 'Call settings'), exact: true }).click();
    const settings = page.getByRole('dialog');
    await expect(settings.getByLabel(say(locale, 'Max slots per day'))).toHaveValue('3');
    await screenshot(page, { path: `${SHOTS}/doctor-settings-dialog-${locale}-360.png` });
    await settings.getByRole('button', { name: say(locale, 'Save Settings') }).click();
    await expect(page.getByTestId('toast')).toContainText(say(locale, 'Settings Saved'));

    await clinicContext.close();
    await repContext.close();
  });
}
