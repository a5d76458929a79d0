import { expect, test } from './fixtures';

test('an unknown path shows the not-found screen', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    // The browser reports the document's own 404; anything else (a hydration mismatch) is a fault.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  const res = await page.goto('/no-such-page');
  // Decision 037: a 404 for crawlers and monitors, with a title of its own and the site header for people.
  expect(res?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
  await expect(page).toHaveTitle('Page Not Found | RepVisit');
  const header = page.getByRole('banner');
  await expect(header.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' })).toBeVisible();
  // The page works as it hydrates: its header's link leads home.
  await header.getByRole('link', { name: /RepVisit/ }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Comprehensive Healthcare Management' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('the pages of the app answer 200, with or without parameters, and only unknown paths 404', async ({ page }) => {
  for (const path of [
    '/',
    '/medrep-login',
    '/privacy-policy',
    '/medrep-dashboard',
    '/clinic/dashboard',
    '/admin/email',
    '/verify-email?token=abc',
    '/reset-password?token=x&type=clinic',
  ]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(200);
  }
  for (const path of ['/clinic', '/medrep-dashboard/extra', '/no-such-page?x=1']) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole('heading', { name: '404 Page Not Found' }), path).toBeVisible();
  }
});
