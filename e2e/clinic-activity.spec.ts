import type { Page } from '@playwright/test';
import en from '../src/shared/i18n/client/en.json' with { type: 'json' };
import hi from '../src/shared/i18n/client/hi.json' with { type: 'json' };
import ur from '../src/shared/i18n/client/ur.json' with { type: 'json' };
import { LOCALE_COOKIE } from '../src/shared/i18n/locales';
import { axeOf, expect, screenshot, test } from './fixtures';
import { createClinicWithDoctor, hydrated } from './setup';

// The clinic's Activity tab (docs/decisions/075-clinic-activity-log.md): the owner turns off e-mail notifications in
// Settings and finds the change in Activity, newest first, with their name and role, on a phone in English, Hindi and
// Urdu. Every text asserted is looked up in the language's catalogue. Screenshots (SCREENSHOTS=1) at 360 and 1280 px go
// to /work/scratch/shots/activity-<locale>-*.png.

const SHOTS = '/work/scratch/shots';
const CATALOGS = { en, hi, ur } as Record<'en' | 'hi' | 'ur', Record<string, string>>;

function translator(locale: 'en' | 'hi' | 'ur') {
  return (english: string, values: Record<string, string | number> = {}) => {
    const text = locale === 'en' ? english : CATALOGS[locale][english];
    if (!text) throw new Error(`the ${locale} catalogue has no translation of "${english}"`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
}

async function shoot(page: Page, name: string) {
  const size = page.viewportSize();
  for (const width of [360, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await screenshot(page, { path: `${SHOTS}/activity-${name}-${width}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}

for (const locale of ['en', 'hi', 'ur'] as const) {
  test(`${locale}: the owner changes a setting and finds it in the Activity tab, at 360 px`, async ({ browser, baseURL, mailbox }) => {
    test.setTimeout(120_000);
    const t = translator(locale);
    const context = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 }, serviceWorkers: 'block' });
    await context.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const { doctorName } = await createClinicWithDoctor(context.request, mailbox);
    const page = await context.newPage();

    await page.goto('/clinic/dashboard');
    await expect(page.locator('html')).toHaveAttribute('dir', locale === 'ur' ? 'rtl' : 'ltr');
    const settingsTab = page.getByRole('tab', { name: t('Settings') });
    await hydrated(settingsTab);
    await settingsTab.click();
    await page.getByRole('checkbox', { name: t('Email notifications') }).click();
    await expect(page.getByText(t('Preferences Saved')).first()).toBeVisible();

    await page.getByRole('tab', { name: t('Activity') }).click();
    const panel = page.getByRole('region', { name: t('Activity') });
    const items = panel.getByRole('listitem');
    // Newest first: the preferences just saved, then the doctor's settings and his addition at sign-up.
    await expect(items.first()).toContainText(t('Changed the notification settings'));
    await expect(items.first()).toContainText(t('By {name} ({role})', { name: 'Meera Shah', role: t('Owner') }));
    await expect(items.first()).toContainText(t('E-mail: {email}, SMS: {sms}, WhatsApp: {whatsapp}', { email: t('Off'), sms: t('Off'), whatsapp: t('Off') }));
    await expect(items.nth(1)).toContainText(t('Saved the call settings of {target}', { target: doctorName }));
    await expect(items.nth(2)).toContainText(t('Added {target} to the clinic', { target: doctorName }));
    await expect(items).toHaveCount(3);
    await expect(panel.getByText(t('That is everything recorded.'))).toBeVisible();

    // No sideways scroll at 360 px, and nothing serious for axe.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const axe = await axeOf(page).include('[role="tabpanel"][data-state="active"]').withTags(['wcag2a', 'wcag2aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.help}`)).toEqual([]);
    await shoot(page, locale);
    await context.close();
  });
}
