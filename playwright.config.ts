import { defineConfig, devices } from '@playwright/test';

// Debian's Chromium, never a downloaded browser (STACK.md). Each worker starts its own server on a fresh
// database (e2e/fixtures.ts), against the production build in dist/client; the server is the compiled one in
// dist/server, built first by e2e/global-setup.ts.
export default defineConfig({
  testDir: 'e2e',
  globalSetup: './e2e/global-setup.ts',
  fullyParallel: false,
  // Two on CI's two cores: three were tried and did not finish sooner there (decision 085).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    ...devices['Desktop Chrome'],
    trace: 'retain-on-failure',
    // The PWA's service worker would hide requests from page.route; only e2e/offline.spec.ts allows it.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
});
