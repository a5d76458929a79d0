import type { Locator, Page } from '@playwright/test';
import hi from '../src/shared/i18n/client/hi.json' with { type: 'json' };
import ur from '../src/shared/i18n/client/ur.json' with { type: 'json' };
import { todayInIndia } from '../src/shared/dates';
import { LOCALE_COOKIE } from '../src/shared/i18n/locales';
import { codeIn } from '../src/server/test/mailbox';
import { textsLeftInEnglish } from './english-left';
import { axeOf, expect, homeAfterThreeSeconds, screenshotWidths, test } from './fixtures';
import { createClinicWithDoctor, hydrated, phoneNumber, signInAdmin, uniq } from './setup';

// Decision 045: a Hindi and an Urdu speaker use RepVisit in their language on a phone (360 px): a rep registers,
// verifies, accepts the terms and books; the clinic sees the visit in its day view. Every text asserted is looked up
// in the language's catalogue, so a missing translation fails here by name. Screenshots of each step go to
// test-results/screens/lang-<locale>-*.png; axe checks each screen; no page scrolls sideways.

// Three long, independent journeys (each makes its own accounts): spread over the workers rather than one after another.
test.describe.configure({ mode: 'parallel' });

const CATALOGS = { hi, ur } as Record<'hi' | 'ur', Record<string, string>>;
const PASSWORD = 'Journey!Pass1';

function translator(locale: 'hi' | 'ur') {
  return (english: string, values: Record<string, string | number> = {}) => {
    const text = CATALOGS[locale][english];
    if (!text) throw new Error(`the ${locale} catalogue has no translation of "${english}"`);
    return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
  };
}

async function look(page: Page, locale: 'hi' | 'ur', name: string) {
  // Nothing left in English that the catalogue has in the language.
  const english = await textsLeftInEnglish(page, locale);
  expect.soft(english, `${locale} ${name}: texts left in English`).toEqual([]);
  // Nothing wider than the phone: no sideways scrolling, no text pushed out of the screen.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${name}: the page scrolls sideways by ${overflow}px`).toBeLessThanOrEqual(0);
  // For a reviewer: the phone, and once on a desktop screen.
  await screenshotWidths(page, [
    [360, `test-results/screens/lang-${locale}-${name}.png`],
    [1280, `test-results/screens/lang-${locale}-${name}-desktop.png`],
  ]);
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`),
    `${locale} ${name}: serious axe violations`,
  ).toEqual([]);
}

/** Opens each tab of a dashboard's tab row in turn and looks at it, and at each tab of a row inside it. */
async function tour(page: Page, locale: 'hi' | 'ur', name: string, tablist: Locator, depth = 0) {
  const tabs = tablist.getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i += 1) {
    const tab = tabs.nth(i);
    await tab.click();
    await expect(tab).toHaveAttribute('aria-selected', 'true');
    await page.waitForLoadState('networkidle');
    const here = `${name}-tab-${i + 1}`;
    await look(page, locale, here);
    const inner = page.getByRole('tabpanel').filter({ visible: true }).first().getByRole('tablist');
    if (depth === 0 && (await inner.count()) > 0) await tour(page, locale, here, inner.first(), depth + 1);
  }
}

for (const locale of ['hi', 'ur'] as const) {
  test(`${locale}: a rep registers, books, and the clinic sees the visit, at 360 px`, async ({ page, browser, baseURL, mailbox }) => {
    await page.clock.install(); // the success screen's redirect is run past (homeAfterThreeSeconds)
    test.setTimeout(180_000);
    const t = translator(locale);
    const dir = locale === 'ur' ? 'rtl' : 'ltr';
    await page.setViewportSize({ width: 360, height: 780 });

    // The clinic and its doctor, made through the API in the clinic's own browser.
    const clinicContext = await browser.newContext({ baseURL, viewport: { width: 360, height: 780 } });
    await clinicContext.addCookies([{ name: LOCALE_COOKIE, value: locale, url: baseURL! }]);
    const clinic = await createClinicWithDoctor(clinicContext.request, mailbox); // a doctor of its own name: one server serves both languages

    // The landing page in the language chosen with the header's switcher.
    await page.goto('/');
    const switcher = page.getByRole('combobox', { name: 'Language' });
    await hydrated(switcher);
    await switcher.selectOption(locale);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.locator('html')).toHaveAttribute('dir', dir);
    await expect(page.getByRole('button', { name: t('Continue as Medical Rep') })).toBeVisible();
    // The language cookie of the cookies policy (src/shared/site-cookies.ts), and no other before signing in.
    expect((await page.context().cookies()).map((c) => `${c.name}=${c.value}`)).toEqual([`${LOCALE_COOKIE}=${locale}`]);
    await look(page, locale, 'landing');

    // Registration.
    const email = `rep${uniq()}@example.com`;
    await page.goto('/medrep-login');
    await expect(page.locator('html')).toHaveAttribute('lang', locale); // remembered on the device
    const createAccount = page.getByRole('button', { name: t('Create New Account') });
    await hydrated(createAccount);
    await createAccount.click();
    await page.getByLabel(t('Full Name')).fill('Ravi Kumar');
    await page.getByLabel(t('Email')).fill(email);
    await page.getByLabel(t('Phone')).fill(phoneNumber());
    await page.getByLabel(t('Company')).fill('Sun Pharma');
    await page.getByLabel(t('State')).selectOption('Jammu and Kashmir');
    await page.getByLabel(t('Password'), { exact: true }).fill(PASSWORD);
    await page.getByLabel(t('Confirm Password')).fill(PASSWORD);
    await expect(page.getByText(t('Valid & available'))).toHaveCount(2); // the address and number were checked
    await look(page, locale, 'register');
    await page.getByRole('button', { name: t('Create Account') }).click();

    // The code comes by e-mail, in the language of the browser that registered.
    const mail = await mailbox.waitFor(email, () => true, 15_000);
    await page.getByLabel(t('Verification code')).fill(codeIn(mail));
    await page.getByRole('button', { name: t('Verify OTP') }).click();
    await expect(page.getByRole('heading', { name: t('Verification Successful!') })).toBeVisible();
    await homeAfterThreeSeconds(page);

    // Sign in, accept the terms.
    await page.goto('/medrep-login');
    await hydrated(page.getByRole('button', { name: t('Login'), exact: true }));
    await page.getByLabel(t('Email')).fill(email);
    await page.getByLabel(t('Password')).fill(PASSWORD);
    await page.getByRole('button', { name: t('Login'), exact: true }).click();
    const terms = page.getByRole('dialog', { name: t('Legal Agreements Required') });
    await expect(terms).toBeVisible();
    await look(page, locale, 'terms');
    for (const checkbox of await terms.getByRole('checkbox').all()) await checkbox.click();
    await terms.getByRole('button', { name: t('Accept'), exact: true }).click();
    await page.waitForURL('**/medrep-dashboard');
    const me = (await (await page.request.get('/api/auth/me')).json()) as { user: { id: number } };
    expect((await page.request.post('/api/subscription/activate-free-trial', { data: { medicalRepId: me.user.id } })).ok()).toBe(true);

    // Book today through the cascade and the calendar.
    await page.reload();
    await expect(page.getByRole('heading', { name: t('Medical Representative Portal') })).toBeVisible();
    await page.getByLabel(t('State')).selectOption('Jammu and Kashmir');
    await page.getByLabel(t('City')).selectOption('Srinagar');
    await page.getByLabel(t('Specialty')).selectOption('Cardiology');
    await page.getByLabel(t('Select Doctor')).selectOption({ label: t('Dr. {name}', { name: clinic.doctorName }) });
    await page.getByLabel(t('Select Clinic')).selectOption({ label: `${clinic.clinicName} (${t('Srinagar')})` });
    const day = page.getByRole('grid').locator(`[data-date="${todayInIndia(new Date())}"]`);
    await day.click();
    await look(page, locale, 'calendar');
    await page.getByRole('button', { name: t('Book Appointment'), exact: true }).click();
    await expect(page.getByTestId('toast')).toContainText(t('Appointment Booked'));
    await look(page, locale, 'booked');
    await tour(page, locale, 'rep', page.getByRole('tablist').first());

    // The clinic's day view, in the clinic's language.
    const clinicPage = await clinicContext.newPage();
    await clinicPage.goto('/clinic/dashboard');
    await expect(clinicPage.locator('html')).toHaveAttribute('dir', dir);
    await expect(clinicPage.getByRole('tab', { name: t('Medical Rep') }).first()).toBeVisible();
    // At this width the day is a list of cards (the table is for wide screens).
    await expect(clinicPage.getByText('Ravi Kumar').filter({ visible: true }).first()).toBeVisible();
    await look(clinicPage, locale, 'clinic-day');
    await tour(clinicPage, locale, 'clinic', clinicPage.getByRole('tablist').first());
    await clinicContext.close();
  });
}

test("ur: the admin's dashboard and e-mail dashboard in Urdu, at 360 px", async ({ page, baseURL }) => {
  // It tours every tab of both dashboards with the English check on each: 20-35 s alone, over a minute on a loaded machine.
  test.setTimeout(120_000);
  const t = translator('ur');
  await signInAdmin(page, baseURL!);
  await page.setViewportSize({ width: 360, height: 780 });
  await page.getByRole('combobox', { name: 'Language' }).selectOption('ur');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  await expect(page.getByRole('heading', { name: t('Admin Dashboard') })).toBeVisible();
  await look(page, 'ur', 'admin');
  await tour(page, 'ur', 'admin', page.getByRole('tablist', { name: t('Admin sections') }));
  await page.getByRole('link', { name: t('Email Dashboard') }).click();
  await expect(page.getByRole('heading', { name: t('Admin Email Dashboard') })).toBeVisible();
  await look(page, 'ur', 'admin-email');
  await tour(page, 'ur', 'admin-email', page.getByRole('tablist').first());
});

test.describe('offline', () => {
  test.use({ serviceWorkers: 'allow' });

  test('ur: once used in Urdu, the app opens offline in Urdu', async ({ page, context, baseURL }) => {
    const t = translator('ur');
    await context.addCookies([{ name: LOCALE_COOKIE, value: 'ur', url: baseURL! }]);
    await page.goto('/about-us');
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    // Controlled by the service worker, the page fetches its catalogue through it, which keeps it.
    await page.reload();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect(page.getByRole('heading', { level: 1, name: t('About RepVisit') })).toBeVisible();
    // Kept by the service worker, not only by the browser's HTTP cache (which may drop it).
    const kept = () => page.evaluate(async () => (await (await caches.open('repvisit-languages')).keys()).map((r) => new URL(r.url).pathname));
    await expect.poll(kept).toContainEqual(expect.stringMatching(/^\/assets\/i18n-ur-[\w-]+\.json$/));

    await context.setOffline(true);
    await expect.poll(() => page.evaluate(() => navigator.onLine)).toBe(false);
    await page.goto('/contact');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1, name: t('Contact Us') })).toBeVisible();
    await context.setOffline(false);
  });
});
