import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';

// Decision 025: the landing page loads only what it shows; the rest comes when asked for, and navigating keeps the
// scroll behaviour React Router's data router gave (a new page at the top, Back and a reload where the page was left).

/** The app's scripts the page has requested so far. */
function watchScripts(page: Page): string[] {
  const scripts: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
  });
  return scripts;
}

const loaded = (scripts: string[], name: string) => scripts.some((s) => s.startsWith(`/assets/${name}-`));

test('a first visit to the landing page loads no dialog, toaster, query client or offline code until asked', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.waitForTimeout(1000);
  for (const name of ['portal-dialog', 'dialog', 'toaster', 'ensure-query-client', 'offline-sync', 'connectivity-badge', 'install-card']) {
    expect(loaded(scripts, name), name).toBe(false);
  }

  // Pointing at a card's button starts loading the portal; pressing it opens the portal.
  await page.getByRole('button', { name: 'Continue as Clinic' }).hover();
  await expect.poll(() => loaded(scripts, 'portal-dialog')).toBe(true);
  await page.getByRole('button', { name: 'Continue as Clinic' }).click();
  await expect(page.getByRole('dialog', { name: 'Clinic Portal' })).toBeVisible();
  expect(loaded(scripts, 'ensure-query-client')).toBe(false);
  // A form that sends data brings the query client with it.
  await page.getByRole('button', { name: /Login to Your Account/ }).click();
  await expect(page.getByRole('dialog').getByLabel('Email')).toBeVisible();
  expect(loaded(scripts, 'ensure-query-client')).toBe(true);
});

test('going offline brings the connectivity badge on a page that had not loaded it', async ({ page }) => {
  const scripts = watchScripts(page);
  await page.goto('/about', { waitUntil: 'networkidle' });
  expect(loaded(scripts, 'connectivity-badge')).toBe(false);
  // The chunk is fetched as the browser reports the change; the network itself stays reachable for it here.
  await page.evaluate(() => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
    window.dispatchEvent(new Event('offline'));
  });
  await expect(page.getByTestId('connectivity-badge')).toContainText('Offline mode');
  expect(loaded(scripts, 'offline-sync')).toBe(true);
});

test('a new page starts at the top; Back and a reload return to where the page was left', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' });
  await link.scrollIntoViewIfNeeded();
  const left = await page.evaluate(() => window.scrollY);
  expect(left).toBeGreaterThan(1000);

  await link.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(left);

  await page.evaluate(() => window.scrollTo(0, 700));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeAttached();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(700);
});

test('the privacy policy and the rep login load only what their first render shows; their scripts come after the paint', async ({ page }) => {
  const scripts = watchScripts(page);
  // Decision 081: the privacy policy reads its retention period without the query client.
  await page.goto('/privacy-policy', { waitUntil: 'networkidle' });
  await expect(page.getByRole('main')).toContainText(/once its retention period of \d+ days? after the appointment date has passed/);
  expect(loaded(scripts, 'ensure-query-client')).toBe(false);

  // The terms dialog comes with a login whose credentials were accepted, not with the form.
  await page.goto('/medrep-login', { waitUntil: 'networkidle' });
  await expect(page.getByRole('button', { name: 'Create New Account' })).toBeVisible();
  for (const name of ['terms-dialog', 'dialog', 'logout']) expect(loaded(scripts, name), name).toBe(false);
  // A pre-rendered page asks for its hydration scripts at low priority; the app shell, which paints nothing without
  // them, does not.
  await expect(page.locator('script[type="module"][fetchpriority="low"]')).toHaveCount(1);
  await expect(page.locator('link[rel="modulepreload"]:not([fetchpriority="low"])')).toHaveCount(0);

  await page.goto('/verify-otp?type=medrep&email=a%40b.in');
  await expect(page.locator('script[type="module"]')).toHaveCount(1);
  await expect(page.locator('script[type="module"][fetchpriority="low"]')).toHaveCount(0);
});
