import type { Page } from '@playwright/test';
import { addDays, formatDisplayDate, todayInIndia } from '../src/shared/dates';
import hi from '../src/shared/i18n/client/hi.json' with { type: 'json' };
import ur from '../src/shared/i18n/client/ur.json' with { type: 'json' };
import { LOCALE_COOKIE } from '../src/shared/i18n/locales';
import { expect, screenshot, test } from './fixtures';
import { createClinicWithDoctor, ok, signInRepWithTrial } from './setup';

// The clinic's day view on a phone (360 px): any day, in every language, fits the screen.

const SHOTS = 'test-results/screens';
const CATALOGS: Record<'en' | 'hi' | 'ur', Record<string, string>> = { en: {}, hi, ur };
const say = (locale: 'en' | 'hi' | 'ur', english: string) => CATALOGS[locale][english] ?? english;

/** How many pixels the page scrolls sideways (0 when it fits). */
const sidewaysScroll = (page: Page) =>
  page.evaluate(() => {
    const s = document.scrollingElement ?? document.documentElement;
    return s.scrollWidth - s.clientWidth;
  });

for (const locale of ['en', 'hi', 'ur'] as const) {
  test(`${locale}: the day view of another day than today fits a 360 px phone`, async ({ page, browser, baseURL, mailbox }) => {
    test.setTimeout(90_000);
    await page.context().addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const { clinicId, doctorId } = await createClinicWithDoctor(page.request, mailbox);
    const tomorrow = addDays(todayInIndia(new Date()), 1);
    const repContext = await browser.newContext({ baseURL });
    const rep = await signInRepWithTrial(repContext.request, mailbox);
    await ok(await repContext.request.post('/api/book-appointment', { data: { doctorId, clinicId, repId: rep.id, appointmentDate: tomorrow } }));
    await repContext.close();

    await page.setViewportSize({ width: 360, height: 780 });
    await page.goto('/clinic/dashboard');
    const next = page.getByRole('button', { name: say(locale, 'Next day'), exact: true });
    await expect(next).toBeVisible();
    expect(await sidewaysScroll(page), 'today').toBeLessThanOrEqual(0);

    // Tomorrow, with its visit; then the day after, with none: the 'Today' link sits beside the date on both.
    await next.click();
    await expect(page.getByText(formatDisplayDate(tomorrow), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('list').filter({ hasText: rep.fullName })).toBeVisible();
    expect(await sidewaysScroll(page), 'a day with a visit').toBeLessThanOrEqual(0);
    await screenshot(page, { path: `${SHOTS}/clinic-day-${locale}-tomorrow-360.png`, fullPage: true });
    await next.click();
    await expect(page.getByText(formatDisplayDate(addDays(tomorrow, 1)), { exact: true }).first()).toBeVisible();
    await expect(page.getByRole('list').filter({ hasText: rep.fullName })).toBeHidden();
    expect(await sidewaysScroll(page), 'a day without visits').toBeLessThanOrEqual(0);
    await screenshot(page, { path: `${SHOTS}/clinic-day-${locale}-empty-360.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
    await screenshot(page, { path: `${SHOTS}/clinic-day-${locale}-empty-1280.png`, fullPage: true });
  });
}

test('a clinic without a doctor sees how to get a check-in code, and gets its code once it adds one', async ({ page, mailbox }) => {
  test.setTimeout(90_000);
  const { clinicId, doctorId } = await createClinicWithDoctor(page.request, mailbox);
  // The clinic's only doctor leaves: it has none now, as a clinic that has just registered.
  await ok(await page.request.delete(`/api/clinic/doctors/${clinicId}/${doctorId}`));
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/clinic/dashboard');
  const card = page.locator('div.rounded-xl').filter({ has: page.getByRole('heading', { name: 'Check-in code' }) });
  await expect(card).toContainText('Add a doctor in the Doctors tab first. The check-in code for reception appears once the clinic has a doctor.');
  await expect(card.getByLabel('Check-in code')).toHaveCount(0);
  await expect(card.getByRole('button', { name: 'Show full screen' })).toHaveCount(0);
  await screenshot(page, { path: `${SHOTS}/clinic-no-doctor-check-in-360.png`, fullPage: true });
  const refused = await page.request.get(`/api/clinic/check-in-code?clinicId=${clinicId}`);
  expect(refused.status()).toBe(409);

  await page.getByRole('tab', { name: 'Doctors' }).click();
  await page.getByLabel('Doctor name').fill('Dr. Farah Naqash');
  await page.getByLabel('Specialty').selectOption('Pediatrics');
  await page.getByRole('button', { name: 'Add Doctor', exact: true }).click();
  await expect(page.getByTestId('toast')).toContainText('Doctor Added');
  await page.getByRole('tab', { name: 'Medical Rep' }).click();
  await expect(card.getByLabel('Check-in code')).toHaveText(/^\d{3} \d{3}$/);
  await expect(card).not.toContainText('Add a doctor in the Doctors tab first');
});
