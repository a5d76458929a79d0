import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { Mailbox } from '../src/server/test/mailbox';
import { copiedDataDir } from '../src/server/test/data-dir';

// The real server of a journey: the compiled one production runs (dist/server), on its own embedded database and SMTP
// mailbox. e2e/global-setup.ts migrates one database for the run; each server starts on a copy of it
// (docs/decisions/084-test-workers-reused.md), as the API suites do with theirs (decision 064).

/** Where e2e/global-setup.ts left the migrated data directory every server of the run copies. */
export const MIGRATED_DATA_DIR_ENV = 'E2E_MIGRATED_DATA_DIR';

/** A new data directory holding the run's migrated database (an empty one outside a Playwright run). */
export function migratedDataDir(prefix = 'repvisit-e2e-'): string {
  return copiedDataDir(process.env[MIGRATED_DATA_DIR_ENV], prefix);
}

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
 * Starts the real server on a fresh embedded database (a copy of the run's migrated one, unless `env.DATA_DIR` names
 * a directory of the caller's): the compiled one production runs (dist/server/main.js, built by e2e/global-setup.ts
 * before the journeys), as one process without the supervisor unless `supervised`. Stopping it removes a directory it
 * made.
 */
export async function startServer(env: Record<string, string> = {}, o: StartOptions = {}): Promise<AppServer & { stop(): Promise<void> }> {
  const mailbox = new Mailbox({ acceptDelayMs: o.mailAcceptDelayMs });
  const smtpUrl = await mailbox.start();
  const port = await freePort();
  const ownDir = env.DATA_DIR === undefined;
  const dataDir = env.DATA_DIR ?? migratedDataDir();
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
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
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
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
