import { execFileSync, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/processes';
import { heapOption, restartDelayMs } from './supervisor-protocol';
import { migratedDataDir } from './test/harness';

// The supervisor behind `npm start` keeps the service up: a crashed server is started again, with a delay that grows
// only while it keeps failing soon after starting, and it never gives up.

describe('the supervisor', () => {
  it('waits longer while the server keeps failing soon after starting, up to 30 s, and never gives up', () => {
    expect([0, 1, 2, 3, 4, 8, 20, 1000].map(restartDelayMs)).toEqual([0, 250, 500, 1000, 2000, 30_000, 30_000, 30_000]);
  });

  it('starts the server with the heap limit of SERVER_HEAP_MB, 512 MB unless set, and leaves a wrong value to the configuration', () => {
    expect(heapOption(undefined)).toEqual(['--max-old-space-size=512']);
    expect(heapOption('')).toEqual(['--max-old-space-size=512']);
    expect(heapOption('768')).toEqual(['--max-old-space-size=768']);
    expect(heapOption('lots')).toEqual([]);
  });

  it('stops, with the server, when the configuration is invalid (production without SMTP_URL and SESSION_SECRET)', async () => {
    const supervisor = spawn(process.execPath, ['--import', 'tsx', 'src/server/supervisor.ts'], {
      env: { ...process.env, NODE_ENV: 'production', SMTP_URL: '', SESSION_SECRET: '', DATA_DIR: 'memory://', PORT: String(await freePort()) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    supervisor.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (c) => resolve(c)));
    const timer = setTimeout(() => supervisor.kill('SIGTERM'), 45_000); // a supervisor that goes on is not left behind
    const code = await exited;
    clearTimeout(timer);
    expect(code).toBe(78);
    expect(stderr).toMatch(/^Invalid configuration:\n/);
    expect(stderr).toMatch(/\n {2}SMTP_URL: required when NODE_ENV=production/);
    expect(stderr).toMatch(/\n {2}SESSION_SECRET: required when NODE_ENV=production/);
  }, 60_000);

  it('starts the server again after it is killed (kill -9), twice in a row, and stops both on SIGTERM', async () => {
    const port = await freePort();
    // On disk, migrated once for the run: each of the three starts opens it, as a restarted server opens its DATA_DIR.
    const dataDir = migratedDataDir('rv-supervisor-');
    const supervisor = spawn(process.execPath, ['--import', 'tsx', 'src/server/supervisor.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        APP_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        // Production requires both (config.ts); this test sends no e-mail, so nothing listens on that port.
        SMTP_URL: 'smtp://127.0.0.1:9',
        SESSION_SECRET: 'supervisor-test-session-secret-0123456789',
        DATA_DIR: dataDir,
        JOBS_ENABLED: 'false',
        SEED_DEMO: 'false',
      },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    supervisor.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    const exited = new Promise<number | null>((resolve) => supervisor.once('exit', (code) => resolve(code)));
    const health = () =>
      fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status,
        () => 0,
      );
    // The server, not the supervisor's other child (tsx's esbuild service).
    const serverPid = () =>
      Number(
        execFileSync('pgrep', ['-P', String(supervisor.pid), '-f', 'server/main.ts'])
          .toString()
          .trim()
          .split('\n')[0],
      );
    const waitFor = async (ok: () => Promise<boolean>) => {
      const until = Date.now() + 60_000;
      while (!(await ok())) {
        if (Date.now() > until) throw new Error(`timed out: ${stderr.slice(-500)}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    try {
      await waitFor(async () => (await health()) === 200);
      for (const _ of [1, 2]) {
        const pid = serverPid();
        process.kill(pid, 'SIGKILL');
        // A new server process under the supervisor, then answering (the down time between can be too short to see).
        await waitFor(async () => {
          try {
            return serverPid() !== pid;
          } catch {
            return false; // between the two servers, the supervisor has no child
          }
        });
        await waitFor(async () => (await health()) === 200);
        expect(supervisor.exitCode).toBeNull();
      }
    } finally {
      supervisor.kill('SIGTERM');
    }
    expect(await exited).toBe(0);
    rmSync(dataDir, { recursive: true, force: true });
  }, 120_000);
});
