import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Decision 014: the public pages arrive rendered in the first HTML (build/vite-prerender.ts) and the app takes them
// over without redrawing them; every other page still starts from the app shell.

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

const isReactOwned = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((el) => Object.keys(el).some((k) => k.startsWith('__reactFiber')));

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
  await expect.poll(() => isReactOwned(page, 'h1')).toBe(true);
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
  await expect.poll(() => isReactOwned(page, 'form')).toBe(true);
  await expect(page.getByLabel('Email')).toHaveValue('nobody@example.com');
  await page.getByLabel('Password').fill('Wrong!Pass123');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByTestId('toast')).toContainText('Login Failed');
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
  for (const path of [
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
  ]) {
    await page.goto(path);
    await expect.poll(() => isReactOwned(page, 'h1'), { message: path }).toBe(true);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
