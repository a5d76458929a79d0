import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { textsLeftInEnglish } from './english-left';
import { expect, test } from './fixtures';
import { hydrated } from './setup';

// Decision 014: the public pages arrive rendered in the first HTML (build/vite-prerender.ts) and the app takes them
// over without redrawing them; every other page still starts from the app shell. Decision 045: in the reader's
// language (English, Hindi, Urdu), with links to the page's other languages.

/** A text as the build's Hindi pages show it: its translation, or the English text while it has none. */
const hindi = JSON.parse(readFileSync('src/shared/i18n/client/hi.json', 'utf8')) as Record<string, string>;
const inHindi = (english: string) => hindi[english] || english;

const PRERENDERED_PATHS = [
  '/',
  '/medrep-login',
  '/about',
  '/about-us',
  '/contact',
  '/privacy',
  '/privacy-policy',
  '/terms',
  '/terms-and-conditions',
  '/cookies-policy',
];

/** Holds back the app's JavaScript until the returned function is called. */
async function holdAppScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/assets/*.js', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** Errors the page reports: failed hydration (React's recoverable errors), CSP refusals, exceptions. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  return errors;
}

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the public pages arrive rendered; the other pages get the empty app shell, unknown ones the not-found page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveTitle('RepVisit: Healthcare Platform');
    await expect(page.getByRole('heading', { level: 1, name: 'Comprehensive Healthcare Management' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Select Your User Type' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Continue as Medical Rep' })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()}`);

    await page.goto('/medrep-login');
    await expect(page).toHaveTitle('Medical Representative Login | RepVisit');
    await expect(page.getByRole('heading', { level: 1, name: 'Medical Representative Login' })).toBeVisible();
    await expect(page.getByLabel('Email')).toBeVisible();
    await expect(page.getByLabel('Password')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();

    for (const [path, heading] of [
      ['/about', 'About RepVisit'],
      ['/about-us', 'About RepVisit'],
      ['/contact', 'Contact Us'],
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-and-conditions', 'Terms and Conditions'],
      ['/cookies-policy', 'Cookies Policy'],
    ]) {
      await page.goto(path!);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }

    for (const path of ['/medrep-dashboard', '/clinic/dashboard']) {
      await page.goto(path);
      await expect(page.locator('#root')).toBeEmpty();
    }

    // A path no page has: the pre-rendered not-found page, with a 404 (decision 037).
    const notFound = await page.goto('/no-such-page');
    expect(notFound?.status()).toBe(404);
    await expect(page).toHaveTitle('Page Not Found | RepVisit');
    await expect(page.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('navigation', { name: 'Main' })).toBeVisible();
  });

  test('the login form is not sent by the browser before the app runs (no password in a URL)', async ({ page, baseURL }) => {
    await page.goto('/medrep-login');
    await page.getByLabel('Email').fill('ravi.sharma@example.com');
    await page.getByLabel('Password').fill('Secret!Pass123');
    await page.getByRole('button', { name: 'Login' }).click();
    await page.getByLabel('Password').press('Enter');
    await page.waitForTimeout(300);
    expect(page.url()).toBe(`${baseURL}/medrep-login`);
  });
});

test('the app takes the landing page over without redrawing it, and it works', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdAppScripts(page);
  await page.goto('/', { waitUntil: 'commit' });
  const heading = page.getByRole('heading', { level: 1, name: 'Comprehensive Healthcare Management' });
  await expect(heading).toBeVisible();
  await heading.evaluate((el) => el.setAttribute('data-seen-before-the-app', ''));

  release();
  await hydrated(page.locator('h1').first());
  // The same element, not a new one drawn over it.
  await expect(heading).toHaveAttribute('data-seen-before-the-app', '');
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(page.locator('#user-selection')).toBeInViewport();
  await page.getByRole('button', { name: 'Continue as Medical Rep' }).click();
  await expect(page.getByRole('dialog', { name: 'Medical Representative Portal' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the login page keeps what was typed before the app ran, then sends the form', async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdAppScripts(page);
  await page.goto('/medrep-login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('nobody@example.com');
  release();
  await hydrated(page.locator('form').first());
  await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
  await page.getByLabel('Password').fill('Wrong!Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  expect(page.url()).not.toContain('Pass');
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

// docs/decisions/082-early-taps.md: a tap on a button of the painted page before the app has taken it over is kept
// and made once the app has, on a slow phone as on a fast one.
test("a tap on 'Forgot password?' before the app ran opens its dialog once the app runs", async ({ page }) => {
  const errors = collectErrors(page);
  const release = await holdAppScripts(page);
  await page.goto('/medrep-login', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);
  release();
  const forgot = page.getByRole('dialog', { name: 'Forgot password?' });
  await expect(forgot).toBeVisible();
  await forgot.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByTestId('toast')).toContainText('Please enter your email address first.');
  expect(errors).toEqual([]);
});

test("'Login' tapped before the app ran sends the typed login once, not the browser's own form", async ({ page }) => {
  const errors = collectErrors(page);
  const logins: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/medrep/login')) logins.push(r.method());
  });
  const release = await holdAppScripts(page);
  await page.goto('/medrep-login', { waitUntil: 'commit' });
  await page.getByLabel('Email').fill('nobody@example.com');
  await page.getByLabel('Password').fill('Wrong!Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  // The browser does not send the form itself (a GET with the password in the address).
  expect(page.url()).not.toContain('Pass');
  release();
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
  await hydrated(page.locator('form').first());
  expect(logins).toEqual(['POST']);
  expect(page.url()).not.toContain('Pass');
  expect(errors.filter((e) => !/status of 401/.test(e))).toEqual([]);
});

test("'Remember me' fills the pre-rendered login form once the app runs", async ({ page }) => {
  const errors = collectErrors(page);
  await page.goto('/about');
  await page.evaluate(() => {
    localStorage.setItem('medrepRememberMe', 'true');
    localStorage.setItem('medrepRememberedEmail', 'ravi.sharma@example.com');
  });
  await page.goto('/medrep-login');
  await expect(page.getByLabel('Email')).toHaveValue('ravi.sharma@example.com');
  await expect(page.getByRole('checkbox', { name: 'Remember me' })).toBeChecked();
  await page.getByRole('button', { name: 'Create New Account' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Create New Account' })).toBeVisible();
  await expect(page.getByLabel('Full Name')).toBeVisible();
  expect(errors).toEqual([]);
});

test('dark mode is on before the first paint, before the app runs', async ({ page }) => {
  await page.goto('/about');
  await page.evaluate(() => localStorage.setItem('theme', 'dark'));
  await page.goto('about:blank');
  const errors = collectErrors(page);
  await page.route('**/assets/*.js', (route) => route.abort());
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  // The inline script ran: the Content-Security-Policy let it (only the aborted app scripts failed).
  expect(errors.filter((e) => !/net::ERR_FAILED/.test(e))).toEqual([]);
});

test('every pre-rendered page is taken over by the app without an error', async ({ page }) => {
  const errors = collectErrors(page);
  for (const path of PRERENDERED_PATHS) {
    await page.goto(path);
    await hydrated(page.locator('h1').first(), path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});

test.describe('in Hindi and Urdu (decision 045)', () => {
  test("a page comes in the link's language, else the device's, else the browser's, with links to its others", async ({ request }) => {
    const landing = await request.get('/?lang=hi');
    expect(landing.status()).toBe(200);
    expect(landing.headers()['content-language']).toBe('hi');
    expect(landing.headers()['vary']).toMatch(/accept-language/i);
    const html = await landing.text();
    expect(html).toContain('<html lang="hi" dir="ltr">');
    expect(html).toContain(`>${inHindi('Comprehensive Healthcare Management')}</h1>`);

    const about = await request.get('/about', { headers: { 'accept-language': 'ur-IN,ur;q=0.9,en;q=0.5' } });
    expect(about.headers()['content-language']).toBe('ur');
    expect(await about.text()).toContain('<html lang="ur" dir="rtl">');
    // The device's choice before the browser's languages; the link's before both.
    expect(await (await request.get('/about', { headers: { cookie: 'rv_lang=hi', 'accept-language': 'ur' } })).text()).toContain('<html lang="hi"');
    expect(await (await request.get('/about?lang=en', { headers: { cookie: 'rv_lang=hi' } })).text()).toContain('<html lang="en" dir="ltr">');
    expect(await (await request.get('/about')).text()).toContain('<html lang="en" dir="ltr">');

    // Every page, in every language, names its versions; x-default is the English one without a parameter.
    for (const path of PRERENDERED_PATHS) {
      for (const lang of ['en', 'hi', 'ur']) {
        const body = await (await request.get(`${path}?lang=${lang}`)).text();
        expect(body, `${path} ${lang}`).toContain(`<html lang="${lang}"`);
        for (const alternate of ['en', 'hi', 'ur']) {
          expect(body, `${path} ${lang}`).toContain(`<link rel="alternate" hreflang="${alternate}" href="${path}?lang=${alternate}">`);
        }
        expect(body, `${path} ${lang}`).toContain(`<link rel="alternate" hreflang="x-default" href="${path}">`);
      }
    }

    // The not-found page too, still a 404, with no address of its own to link.
    const notFound = await request.get('/no-such-page', { headers: { 'accept-language': 'ur' } });
    expect(notFound.status()).toBe(404);
    const notFoundHtml = await notFound.text();
    expect(notFoundHtml).toContain('<html lang="ur" dir="rtl">');
    expect(notFoundHtml).not.toContain('hreflang');
  });

  test('with JavaScript off, a browser in Urdu gets the page right to left', async ({ browser, baseURL }) => {
    // The browser's language is its Accept-Language.
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, locale: 'ur-IN' });
    const page = await context.newPage();
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ur');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await context.close();
  });

  test('the app takes a Hindi page over in Hindi, without redrawing it or an error', async ({ page, context }) => {
    const errors = collectErrors(page);
    const release = await holdAppScripts(page);
    await page.goto('/?lang=hi', { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1, name: inHindi('Comprehensive Healthcare Management') });
    await expect(heading).toBeVisible();
    await heading.evaluate((el) => el.setAttribute('data-seen-before-the-app', ''));

    release();
    await hydrated(page.locator('h1').first());
    await expect(heading).toHaveAttribute('data-seen-before-the-app', '');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    // The choice is the device's now: the next page comes in it without the parameter.
    expect((await context.cookies()).find((c) => c.name === 'rv_lang')?.value).toBe('hi');
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(errors).toEqual([]);
  });

  test('every pre-rendered page is taken over in Hindi and in Urdu without an error, with nothing left in English', async ({ page }) => {
    const errors = collectErrors(page);
    for (const lang of ['hi', 'ur'] as const) {
      for (const path of [...PRERENDERED_PATHS, '/no-such-page']) {
        await page.goto(`${path}?lang=${lang}`);
        await expect(page.locator('html'), path).toHaveAttribute('lang', lang);
        await hydrated(page.locator('h1').first(), `${path} ${lang}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        expect(await textsLeftInEnglish(page, lang), `${path} ${lang}: texts left in English`).toEqual([]);
      }
    }
    // The not-found page's own status is reported as a failed load.
    expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
  });
});
