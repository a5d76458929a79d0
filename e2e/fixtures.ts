import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import type { Mailbox } from '../src/server/test/mailbox';
import { startServer, type AppServer } from './server';

let addressSeq = 0;

/**
 * `server` is one fresh server per worker; `baseURL` points pages at it. Each test's browser calls from an address of
 * its own, which the worker's server reads from X-Forwarded-For: per-address budgets, such as the admin gate's five
 * sign-ins in 15 minutes (decision 031), then count one visitor, as they do in use, not every journey the worker runs.
 */
export const test = base.extend<{ mailbox: Mailbox }, { server: AppServer }>({
  extraHTTPHeaders: async ({}, use, testInfo) => {
    const n = ++addressSeq;
    await use({ 'x-forwarded-for': `10.${100 + (testInfo.workerIndex % 100)}.${Math.floor(n / 250) % 250}.${(n % 250) + 1}` });
  },
  server: [
    async ({}, use) => {
      const server = await startServer({ TRUST_PROXY: 'true' });
      await use(server);
      await server.stop();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ server }, use) => use(server.baseURL),
  mailbox: async ({ server }, use) => use(server.mailbox),
});

export { expect };

/**
 * Screenshots are written only when asked, `SCREENSHOTS=1 npx playwright test ...`: for a journey someone reviews or
 * compares by eye. Nothing compares them in a plain run, where they only cost time (docs/decisions/064-fast-test-loop.md).
 */
const screenshotsWanted = process.env.SCREENSHOTS === '1';

/** A page's or an element's screenshot, written when SCREENSHOTS=1; the journey is otherwise the same. */
export async function screenshot(target: Page | Locator, options: NonNullable<Parameters<Page['screenshot']>[0]>): Promise<void> {
  if (screenshotsWanted) await target.screenshot(options);
}

/**
 * With SCREENSHOTS=1, a screenshot of `target` (the whole page by default) at each width, the page's size restored
 * after; nothing at all otherwise, not even the change of width, which no assertion looks at.
 */
export async function screenshotWidths(page: Page, shots: ReadonlyArray<readonly [width: number, path: string]>, target: Page | Locator = page): Promise<void> {
  if (!screenshotsWanted) return;
  const size = page.viewportSize();
  for (const [width, path] of shots) {
    await page.setViewportSize({ width, height: width < 768 ? 780 : 900 });
    await target.screenshot(target === page ? { path, fullPage: true } : { path });
  }
  if (size) await page.setViewportSize(size);
}

/** With SCREENSHOTS=1, saves a screenshot at phone (360 px) and desktop (1280 px) widths into test-results/screens. */
export const screenshotBoth = (page: Page, name: string): Promise<void> =>
  screenshotWidths(page, [
    [360, `test-results/screens/${name}-phone.png`],
    [1280, `test-results/screens/${name}-desktop.png`],
  ]);

/**
 * axe-core on `page`, run in the page itself (`setLegacyMode`): the default opens a blank page per check to merge the
 * results of cross-origin frames, which no screen here has, and that cost about 0.4 s a check, a twentieth of the
 * journeys' time (docs/decisions/064-fast-test-loop.md). The rules and their results are the same.
 */
export const axeOf = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode();

/**
 * The move home a success screen makes after 3 seconds (spec part 2, 2.2), run past on the page's clock rather than
 * waited out: the journey still sees the redirect, 3 s sooner (docs/decisions/064-fast-test-loop.md). The test installs
 * the clock (`page.clock.install()`) before it opens the page that sets the timer.
 */
export async function homeAfterThreeSeconds(page: Page): Promise<void> {
  await page.clock.fastForward(3000);
  await page.waitForURL((url) => url.pathname === '/');
}
