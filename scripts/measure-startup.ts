import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { freePort } from '../bench/processes';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

// `npm run measure:startup`: the server's start-up time, from process start to GET /api/health answering 200,
// for the compiled server (`npm run serve`: node dist/server/supervisor.js) and for the same server run from
// the source through tsx (how `npm start` ran it before docs/decisions/021-node-24-and-compiled-server.md).
// Each database gets one unmeasured first start (it migrates, and seeds the embedded one), then --runs starts
// of each way, taken in turn so a change in the machine's load touches both alike; the median is reported.
//
// Options: --runs=5, --mode=compiled,tsx, --database=embedded,postgres. PostgreSQL: a fresh database is created
// on the server of START_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres) and dropped after.
// The client served is CLIENT_DIR when set, else dist/client (the server starts without one too).

type Mode = 'compiled' | 'tsx';
type Where = 'embedded' | 'postgres';

const args = new Map(process.argv.slice(2).map((a) => a.replace(/^--/, '').split('=') as [string, string]));
const runs = Number(args.get('runs') ?? 5);
const modes = (args.get('mode') ?? 'compiled,tsx').split(',') as Mode[];
const databases = (args.get('database') ?? 'embedded,postgres').split(',') as Where[];
const adminUrl = process.env.START_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';

const commands: Record<Mode, string[]> = {
  compiled: ['--enable-source-maps', 'dist/server/supervisor.js'],
  tsx: ['--import', 'tsx', 'src/server/supervisor.ts'],
};

/** Milliseconds from spawning the server to its first 200 from /api/health; the server is stopped after. */
async function startOnce(mode: Mode, env: Record<string, string>): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(process.execPath, commands[mode], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Production requires both (config.ts); a start-up sends no e-mail, so nothing listens on that port.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SESSION_SECRET: 'measure-startup-session-secret-0123456789',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server (${mode}) exited: ${stderr}`);
      if (performance.now() - started > 120_000) throw new Error(`the server (${mode}) did not answer in 120 s: ${stderr}`);
      const ok = await fetch(`http://127.0.0.1:${port}/api/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) return performance.now() - started;
      await new Promise((r) => setTimeout(r, 10));
    }
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

async function measure(where: Where, env: Record<string, string>): Promise<void> {
  await startOnce(modes[0]!, env); // first start: migrations (and the demo data on the embedded database)
  const times = new Map<Mode, number[]>(modes.map((m) => [m, []]));
  for (let i = 0; i < runs; i++) for (const mode of modes) times.get(mode)!.push(await startOnce(mode, env));
  for (const [mode, xs] of times) {
    const list = xs.map((x) => Math.round(x)).join(', ');
    console.log(`${where.padEnd(9)} ${mode.padEnd(9)} median ${Math.round(median(xs))} ms   (${list})`);
  }
}

if (modes.includes('compiled')) execFileSync(process.execPath, ['--import', 'tsx', 'build/server.ts'], { stdio: 'inherit' });
console.log(`Start-up, process start to /api/health 200, ${runs} runs each (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})`);

if (databases.includes('embedded')) {
  const dataDir = mkdtempSync(join(tmpdir(), 'repvisit-startup-'));
  try {
    await measure('embedded', { DATA_DIR: dataDir, DATABASE_URL: '', SEED_DEMO: 'true' });
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (databases.includes('postgres')) {
  const name = `repvisit_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    await measure('postgres', { DATABASE_URL: url.toString() });
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
