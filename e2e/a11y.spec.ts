import type { Page } from '@playwright/test';
import { axeOf, expect, test } from './fixtures';
import { createClinicWithDoctor, signInRepWithTrial } from './setup';

// Automated accessibility check (axe-core, WCAG 2 A and AA rules): no serious or critical violation on any
// public page or on the signed-in dashboards, at desktop and phone widths.

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await axeOf(page).withTags(['wcag2a', 'wcag2aa']).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} -- ${n.failureSummary?.split('\n').slice(1).join(' ')}`).join('\n')}`,
  );
  expect(report, `${label}: serious/critical axe violations`).toEqual([]);
}

const PUBLIC_PAGES: [string, RegExp][] = [
  ['/', /./],
  ['/about', /about/i],
  ['/contact', /contact/i],
  ['/privacy-policy', /privacy/i],
  ['/terms-and-conditions', /terms/i],
  ['/cookies-policy', /cookie/i],
  ['/medrep-login', /log ?in|sign ?in/i],
  ['/verify-otp?type=medrep&email=a%40b.co', /verif/i],
  ['/reset-password', /password/i],
  ['/admin', /admin/i],
  ['/no-such-page-here', /not found|404/i],
];

for (const width of [1280, 360]) {
  test(`public pages have no serious accessibility violations at ${width} px`, async ({ page }) => {
    test.setTimeout(180_000); // eleven pages, each analysed in full
    await page.setViewportSize({ width, height: width === 360 ? 780 : 900 });
    for (const [path, heading] of PUBLIC_PAGES) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).filter({ hasText: heading }).first()).toBeVisible();
      await expectNoSeriousViolations(page, `${path} at ${width} px`);
    }
  });
}

test('landing sign-up and login dialogs have no serious accessibility violations', async ({ page }) => {
  await page.goto('/');
  for (const name of ['Continue as Medical Rep', 'Continue as Clinic']) {
    const trigger = page.getByRole('button', { name });
    await trigger.click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await expectNoSeriousViolations(page, `landing dialog ${name}`);
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
    // Focus goes back to the button that opened the dialog.
    await expect(trigger).toBeFocused();
  }
});

test('clinic dashboard has no serious accessibility violations', async ({ page, mailbox }) => {
  await createClinicWithDoctor(page.request, mailbox);
  await page.goto('/clinic/dashboard');
  // The dashboard's own tabs (the Medical Rep tab holds a second tab list of its own).
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page, `clinic tab ${await tabs.nth(i).innerText()}`);
  }
});

test('rep dashboard has no serious accessibility violations', async ({ page, mailbox }) => {
  await signInRepWithTrial(page.request, mailbox);
  await page.goto('/medrep-dashboard');
  const tabs = page.getByRole('tablist').first().getByRole('tab');
  await expect(tabs.first()).toBeVisible();
  const count = await tabs.count();
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await expect(tabs.nth(i)).toHaveAttribute('aria-selected', 'true');
    await expectNoSeriousViolations(page, `rep tab ${await tabs.nth(i).innerText()}`);
  }
});
