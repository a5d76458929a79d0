import { expect, screenshotBoth, test } from './fixtures';

// The public site as a visitor meets it (spec part 1, 1-2; part 2, 2.7).

test('landing page: hero, Get Started scrolls to the user types, feature blurbs', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Comprehensive Healthcare Management' })).toBeVisible();
  await expect(page.getByText(/connect medical professionals, streamline appointments and manage healthcare relationships/i)).toBeVisible();
  for (const blurb of ['Secure Platform', 'Smart Scheduling', 'Professional Network']) {
    await expect(page.getByRole('heading', { name: blurb })).toBeVisible();
  }
  await screenshotBoth(page, 'landing');

  const section = page.locator('#user-selection');
  await expect(section).not.toBeInViewport();
  await page.getByRole('button', { name: 'Get Started' }).click();
  await expect(section).toBeInViewport();
  await expect(section.getByRole('heading', { name: 'Select Your User Type' })).toBeInViewport();
  for (const card of ['Medical Rep', 'Clinic', 'Patients']) {
    await expect(section.getByRole('heading', { level: 3, name: card })).toBeVisible();
  }
  for (const feature of [
    'Territory management',
    'Performance analytics',
    'Visit tracking',
    'Doctor profiles',
    'Appointment scheduling',
    'Patient relationships',
  ]) {
    await expect(section.getByText(feature)).toBeVisible();
  }
});

test('the Medical Rep portal modal shows its options, a form inside, goes back and closes', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Medical Rep' }).click();
  const dialog = page.getByRole('dialog', { name: 'Medical Representative Portal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Login to Your Account/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Create New Account/ })).toBeVisible();
  await screenshotBoth(page, 'landing-rep-modal');

  // A click outside closes the options view.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  // Escape closes it too, and the Close button.
  await page.getByRole('button', { name: 'Continue as Medical Rep' }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Continue as Medical Rep' }).click();
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // Choosing an option replaces the options with the form, inside the same modal.
  await page.getByRole('button', { name: 'Continue as Medical Rep' }).click();
  await dialog.getByRole('button', { name: /Login to Your Account/ }).click();
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Login to Your Account/ })).toBeHidden();
  await screenshotBoth(page, 'landing-rep-login-form');
});

test('the Clinic portal modal shows its options and closes on a click outside', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Clinic' }).click();
  const dialog = page.getByRole('dialog', { name: 'Clinic Portal' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Login to Your Account/ })).toBeVisible();
  await expect(dialog.getByRole('button', { name: /Register New Clinic/ })).toBeVisible();
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Continue as Clinic' }).click();
  await dialog.getByRole('button', { name: /Register New Clinic/ }).click();
  await expect(dialog.getByRole('button', { name: /Register New Clinic/ })).toBeHidden();
  await screenshotBoth(page, 'landing-clinic-register-form');
});

test('the Patients card says the portal is coming soon', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Continue as Patient' }).click();
  const toast = page.getByTestId('toast');
  await expect(toast).toContainText('Coming Soon');
  await expect(toast).toContainText('Patient portal is coming soon!');
  // spec part 1, 9: a 3 s toast.
  await expect(toast).toBeHidden({ timeout: 6_000 });
});

test('header links lead to each page (desktop)', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  const targets = [
    ['About', '/about', /About RepVisit/],
    ['Contact', '/contact', /Contact Us/],
    ['Privacy', '/privacy', /Privacy Policy/],
    ['Terms', '/terms', /Terms and Conditions/],
    ['Home', '/', /Comprehensive Healthcare Management/],
  ] as const;
  for (const [label, path, heading] of targets) {
    await nav.getByRole('link', { name: label, exact: true }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
});

test('mobile menu at 360 px opens and closes the same links', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();
  const close = page.getByRole('button', { name: 'Close menu' });
  await expect(close).toHaveAttribute('aria-expanded', 'true');
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('link')).toHaveText(['Home', 'About', 'Contact', 'Privacy', 'Terms']);
  await close.click();
  await expect(menu).toBeHidden();

  await page.getByRole('button', { name: 'Open menu' }).click();
  await menu.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL('/contact');
  await expect(page.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeVisible();
  await expect(menu).toBeHidden();
  // Nothing is wider than the phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
});

const PAGES = [
  ['/about', 'About RepVisit', 'about'],
  ['/about-us', 'About RepVisit', null],
  ['/contact', 'Contact Us', 'contact'],
  ['/privacy', 'Privacy Policy', 'privacy'],
  ['/privacy-policy', 'Privacy Policy', null],
  ['/terms', 'Terms and Conditions', 'terms'],
  ['/terms-and-conditions', 'Terms and Conditions', null],
  ['/cookies-policy', 'Cookies Policy', 'cookies'],
] as const;

for (const [path, heading, shot] of PAGES) {
  test(`${path} shows '${heading}' and leads back home`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expect(page.getByRole('contentinfo')).toContainText('CIN');
    if (shot) await screenshotBoth(page, `page-${shot}`);
    await page.getByRole('link', { name: 'Back to Home' }).click();
    await expect(page).toHaveURL('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Comprehensive Healthcare Management' })).toBeVisible();
  });
}

test('the legal pages state the facts the spec requires', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/privacy-policy');
  // Both spellings mark the header link as the current page.
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Privacy' })).toHaveAttribute('aria-current', 'page');
  const main = page.locator('main');
  await expect(main).toContainText('Digital Personal Data Protection Act, 2023');
  await expect(main).toContainText('2:00 AM IST');
  await expect(main).toContainText('within 30 days');
  await expect(main).toContainText('18 or older');
  await expect(main).toContainText('at least 8 characters with upper case, lower case, a digit and a special character');
  await expect(main).toContainText('01/06/2025');

  await page.goto('/terms-and-conditions');
  await expect(main).toContainText('INR 99 monthly');
  await expect(main).toContainText('INR 990 yearly');
  await expect(main).toContainText('courts of Srinagar');

  await page.goto('/cookies-policy');
  await expect(main).toContainText('Essential cookies only');
  await expect(main).toContainText('rv_session');
  await expect(main).toContainText('rv_device');

  await page.goto('/contact');
  await expect(main).toContainText('support@repvisit.in');
  await expect(main).toContainText('Monday to Friday: 9:00 to 18:00 IST');
  await expect(main).toContainText('We reply within 24 hours on business days.');
  await expect(page.getByRole('heading', { name: 'Need urgent help?' })).toBeVisible();
});

test('footer links reach the legal pages', async ({ page }) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  for (const [label, path, heading] of [
    ['Privacy Policy', '/privacy-policy', 'Privacy Policy'],
    ['Terms and Conditions', '/terms-and-conditions', 'Terms and Conditions'],
    ['Cookies Policy', '/cookies-policy', 'Cookies Policy'],
    ['About Us', '/about-us', 'About RepVisit'],
  ] as const) {
    await footer.getByRole('link', { name: label }).click();
    await expect(page).toHaveURL(path);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
});

test('opening a page in a tab that was scrolled elsewhere starts at the top', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Select Your User Type' })).toBeAttached();
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInViewport();
  await page.waitForTimeout(500);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});

test('an unknown path shows the not-found screen', async ({ page }) => {
  await page.goto('/this/page/does-not-exist');
  await expect(page.getByRole('heading', { name: '404 Page Not Found' })).toBeVisible();
  await expect(page.getByText('Did you forget to add the page to the router?')).toBeVisible();
});

test('a page chunk that fails to load (a deploy replaced it) reloads the page once, then shows the error screen with a reload button', async ({ page }) => {
  // Every document the tab opens counts itself (the first one may be left before its load event fires).
  await page.addInitScript(() => sessionStorage.setItem('test-documents', String(Number(sessionStorage.getItem('test-documents') ?? 0) + 1)));
  const documents = () => page.evaluate(() => Number(sessionStorage.getItem('test-documents')));
  await page.route(/\/assets\/verify-otp-page-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/verify-otp?type=medrep');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  expect(await documents()).toBe(2);
  // No second automatic reload follows.
  await page.waitForTimeout(1000);
  expect(await documents()).toBe(2);
  await expect(page.getByText('A part of this page could not be loaded. Check your connection, then reload the page.')).toBeVisible();
  await screenshotBoth(page, 'route-error-screen');

  // Once the chunk is there again, the button brings the page back.
  await page.unroute(/\/assets\/verify-otp-page-[^/]+\.js$/);
  await page.getByRole('button', { name: 'Reload page' }).click();
  await expect(page.getByRole('heading', { name: 'Verify Your Email' })).toBeVisible();
});
