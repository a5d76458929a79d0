import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, type AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { heapOption } from '../src/server/supervisor-protocol';
import { cpuSeconds } from './memory';
import { BENCH_BOOKING_HORIZON_DAYS } from './scenarios';

// Child processes of the benchmark: the app (as `npm run serve` would run it, one process) and the bare
// node:http baselines (static JSON here, node-postgres in pg-baseline-server.ts), each in its own process so neither shares an event loop with the load generator.

export interface Child {
  url: string;
  proc: ChildProcess;
  stop(): Promise<void>;
  stderr(): string;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

async function waitFor(url: string, proc: ChildProcess, timeoutMs: number, errText: () => string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`process exited (${proc.exitCode}) before answering ${url}\n${errText()}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      /* not yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no answer from ${url} within ${timeoutMs} ms\n${errText()}`);
}

export function spawnChild(args: string[], env: Record<string, string>, readyPath: string, port: number): Promise<Child> {
  const proc = spawn(process.execPath, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => {
    err = (err + d.toString()).slice(-8000);
  });
  const url = `http://127.0.0.1:${port}`;
  const child: Child = {
    url,
    proc,
    stderr: () => err,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null) return resolve();
        proc.once('exit', () => resolve());
        proc.kill('SIGTERM');
        setTimeout(() => proc.kill('SIGKILL'), 20_000).unref();
      }),
  };
  return waitFor(url + readyPath, proc, 120_000, () => err).then(() => child);
}

export const BENCH_ADMIN_PASSWORD = 'Bench!Admin123';

let sink: Promise<string> | null = null;
/**
 * An SMTP server that takes every message and keeps none, for the apps the measures start: production requires
 * SMTP_URL (config.ts), and the e-mails are not what they look at (bench/outbox.ts brings its own mail server).
 */
function mailSink(): Promise<string> {
  sink ??= new Promise((resolve) => {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      disableReverseLookup: true,
      logger: false,
      onData: (stream, _session, callback) => {
        stream.on('end', () => callback());
        stream.resume();
      },
    });
    server.on('error', () => {});
    server.listen(0, '127.0.0.1', () => {
      server.server.unref();
      resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`);
    });
  });
  return sink;
}

/**
 * Starts the compiled server (dist/server/main.js, as production runs it: `npm run serve` without the supervisor,
 * built by buildServer) with the given database settings (DATABASE_URL or DATA_DIR), as behind a load balancer
 * (TRUST_PROXY, docs/operations.md "Several instances"), so the mixed run's users sign in from their own addresses.
 */
/** The app's inspector on a free port while the bench profiles (`--profile`, bench/profile.ts). */
const profileArgs = (): string[] => (process.env.BENCH_PROFILE === '1' ? ['--inspect=127.0.0.1:0'] : []);

export async function startApp(o: {
  database: { DATABASE_URL: string } | { DATA_DIR: string };
  clientDir: string;
  /** Settings over the defaults below (the outbox measures give it a mail server). */
  env?: Record<string, string>;
}): Promise<Child> {
  const port = await freePort();
  const env: Record<string, string> = {
    ...o.database,
    PORT: String(port),
    HOST: '127.0.0.1',
    NODE_ENV: 'production',
    CLIENT_DIR: o.clientDir,
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    JOBS_ENABLED: 'false',
    APP_URL: `http://127.0.0.1:${port}`,
    SMTP_URL: o.env?.SMTP_URL ?? (await mailSink()),
    SESSION_SECRET: 'bench-session-secret-0123456789abcdef',
    TRUST_PROXY: 'true',
    ADMIN_PASSWORD: BENCH_ADMIN_PASSWORD,
    BOOKING_HORIZON_DAYS: String(BENCH_BOOKING_HORIZON_DAYS),
    DATABASE_URL: 'DATABASE_URL' in o.database ? o.database.DATABASE_URL : '',
    ...o.env,
  };
  // As the supervisor starts it in production, with the heap limit of SERVER_HEAP_MB (decision 080).
  return spawnChild(
    ['--enable-source-maps', ...profileArgs(), ...heapOption(env.SERVER_HEAP_MB ?? process.env.SERVER_HEAP_MB), 'dist/server/main.js'],
    env,
    '/api/health',
    port,
  );
}

/** The ceiling: a bare node:http server answering a fixed JSON body of `bytes` bytes. */
export async function startBaseline(bytes: number): Promise<Child> {
  const port = await freePort();
  const script = `
    const http = require('node:http');
    const n = ${Math.max(20, bytes)};
    const body = JSON.stringify({ data: 'x'.repeat(n - 11) });
    http.createServer((req, res) => {
      if (req.url === '/ready') { res.end('ok'); return; }
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
      res.end(body);
    }).listen(${port}, '127.0.0.1');`;
  return spawnChild(['-e', script], {}, '/ready', port);
}

/**
 * Waits until the app is idle again: after an overload it still serves the requests queued meanwhile (their clients
 * gone), which would slow the next measure. Idle: it used under a tenth of a core over the last second and answers
 * its health check (a database round trip) within half a second. Gives the wait in ms, or null after `maxMs`.
 */
export async function waitUntilCaughtUp(app: Child, maxMs = 180_000): Promise<number | null> {
  const started = performance.now();
  let cpu = cpuSeconds(app.proc.pid);
  while (performance.now() - started < maxMs) {
    await new Promise((r) => setTimeout(r, 1000));
    const now = cpuSeconds(app.proc.pid);
    const busy = cpu === null || now === null ? 0 : now - cpu;
    cpu = now;
    if (busy >= 0.1) continue;
    const t = performance.now();
    const healthy = await fetch(`${app.url}/api/health`, { signal: AbortSignal.timeout(maxMs) })
      .then((r) => r.ok)
      .catch(() => false);
    if (healthy && performance.now() - t < 500) return Math.round(performance.now() - started);
    cpu = cpuSeconds(app.proc.pid);
  }
  return null;
}
