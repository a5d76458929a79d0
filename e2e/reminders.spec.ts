import { expect, screenshotBoth, test } from './fixtures';
import { signInRep } from './setup';

// Decision 011: the rep's notification choices are kept on the server, the private calendar feed is made, copied
// and turned off from Settings, and the privacy page states the retention period in force.

test('a rep turns reminders off and on, and makes, uses and ends a private calendar feed', async ({ page, mailbox }) => {
  test.setTimeout(90_000);
  await signInRep(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  await page.getByRole('tab', { name: 'Settings' }).click();

  const email = page.getByRole('switch', { name: 'Email Notifications' });
  await expect(email).toHaveAttribute('aria-checked', 'true');
  const renewal = page.getByRole('switch', { name: 'Renewal Reminders' });
  await expect(renewal).toHaveAttribute('aria-checked', 'true');
  await email.click();
  await expect(email).toHaveAttribute('aria-checked', 'false');
  await renewal.click();
  await expect(renewal).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'App Notifications' })).toBeVisible();

  // The choice lives on the server: a fresh load shows it.
  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'false');
  await expect(page.getByRole('switch', { name: 'Renewal Reminders' })).toHaveAttribute('aria-checked', 'false');
  const prefs = await (await page.request.get('/api/medrep/notification-preferences')).json();
  expect(prefs).toMatchObject({ emailNotifications: false, renewalReminders: false });
  await page.getByRole('switch', { name: 'Email Notifications' }).click();
  await expect(page.getByRole('switch', { name: 'Email Notifications' })).toHaveAttribute('aria-checked', 'true');

  // Calendar feed: the link is shown once and works without a session (as a calendar app fetches it).
  await expect(page.getByText('No calendar link yet.')).toBeVisible();
  await page.getByRole('button', { name: 'Create calendar link' }).click();
  const link = page.getByLabel('Your private link');
  await expect(link).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
  const url = await link.inputValue();
  await screenshotBoth(page, 'rep-settings-reminders');
  const feed = await fetch(url);
  expect(feed.status).toBe(200);
  expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/);
  expect(await feed.text()).toContain('BEGIN:VCALENDAR');

  await page.reload();
  await page.getByRole('tab', { name: 'Settings' }).click();
  await expect(page.getByText(/A private link is active since/)).toBeVisible();
  await expect(page.getByLabel('Your private link')).toHaveCount(0);
  await page.getByRole('button', { name: 'Turn off' }).click();
  await expect(page.getByText('No calendar link yet.')).toBeVisible();
  expect((await fetch(url)).status).toBe(404);
});

test('the privacy page states the appointment retention period in force', async ({ page }) => {
  await page.goto('/privacy-policy');
  await expect(page.locator('main')).toContainText('every day at 2:00 AM IST once its retention period of 90 days after the appointment date has passed');
});

test('the admin sees the scheduled jobs and their last runs on the Analytics tab', async ({ page }) => {
  await page.goto('/admin');
  await page.getByLabel('Admin password').fill('Admin!Pass123');
  await page.getByRole('button', { name: 'Access Admin Panel' }).click();
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Scheduled jobs' })).toBeVisible();
  for (const label of ['Nightly data purge', "Clinics' morning visitor list", 'Subscription renewal reminders', 'Evening-before visit reminders']) {
    await expect(page.getByText(label)).toBeVisible();
  }
  await expect(page.getByText('Daily at 18:00 IST')).toBeVisible();
  await page.getByRole('heading', { name: 'Scheduled jobs' }).scrollIntoViewIfNeeded();
  await screenshotBoth(page, 'admin-scheduled-jobs');
});
