import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base, expect, type Locator, type Page } from '@playwright/test';
import { Mailbox } from '../src/server/test/mailbox';

export interface AppServer {
  baseURL: string;
  mailbox: Mailbox;
  /** Server output so far (for debugging a failed journey). */
  output: () => string;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface StartOptions {
  /**
   * Runs the server under its supervisor (dist/server/supervisor.js), as `npm start` does in production. Only then
   * does 'Restart Server' restart it: main.ts offers a restart only over the supervisor's IPC channel and, run alone,
   * answers 202 but carries on (docs/decisions/009), so a journey through a restart needs the supervisor. The
   * restarted server opens the same DATA_DIR, so the database, sessions and outbox survive it.
   */
  supervised?: boolean;
  /** How long the e-mail server takes over each message (a send of many then spans seconds). */
  mailAcceptDelayMs?: number;
}

/**
 * Starts the real server on a fresh embedded database: the compiled one production runs (dist/server/main.js,
 * built by e2e/global-setup.ts before the journeys), as one process without the supervisor unless `supervised`.
 */
export async function startServer(env: Record<string, string> = {}, o: StartOptions = {}): Promise<AppServer & { stop(): Promise<void> }> {
  const mailbox = new Mailbox({ acceptDelayMs: o.mailAcceptDelayMs });
  const smtpUrl = await mailbox.start();
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'repvisit-e2e-'));
  const baseURL = `http://127.0.0.1:${port}`;
  let out = '';
  const entry = o.supervised ? 'dist/server/supervisor.js' : 'dist/server/main.js';
  const child: ChildProcess = spawn(process.execPath, ['--enable-source-maps', entry], {
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: baseURL,
      SMTP_URL: smtpUrl,
      SEED_DEMO: 'false',
      ADMIN_PASSWORD: 'Admin!Pass123',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d) => (out += d));
  child.stderr?.on('data', (d) => (out += d));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${out}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) break;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) {
      // Stopped, not left running: a busy machine would only get busier with each server that did not start in time.
      child.kill('SIGKILL');
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
      throw new Error(`server did not start:\n${out}`);
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return {
    baseURL,
    mailbox,
    output: () => out,
    // The supervisor passes SIGTERM on to the server and exits with it.
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
      await mailbox.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `server` is one fresh server per worker; `baseURL` points pages at it. */
export const test = base.extend<{ mailbox: Mailbox }, { server: AppServer }>({
  server: [
    async ({}, use) => {
      const server = await startServer();
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

/** With SCREENSHOTS=1, saves a screenshot at phone (360 px) and desktop (1280 px) widths into test-results/screens. */
export async function screenshotBoth(page: Page, name: string): Promise<void> {
  if (!screenshotsWanted) return;
  const size = page.viewportSize();
  for (const [label, width] of [
    ['phone', 360],
    ['desktop', 1280],
  ] as const) {
    await page.setViewportSize({ width, height: label === 'phone' ? 780 : 900 });
    await page.screenshot({ path: `test-results/screens/${name}-${label}.png`, fullPage: true });
  }
  if (size) await page.setViewportSize(size);
}
