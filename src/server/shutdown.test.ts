import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePort } from '../../bench/processes';
import { migratedDataDir } from './test/harness';

// SIGTERM of the real server process (docs/decisions/059-metrics-and-health.md): readiness answers 503 at once, a
// request under way still completes, and once it has the server stops listening and exits 0; a request that does not
// finish within the drain's 10 s is cut off and the server stops anyway.

function startServer(port: number): { proc: ChildProcess; exited: Promise<number | null>; stderr: () => string } {
  // A copy of the run's migrated database, removed when the server has exited: no migrating at each start.
  const dataDir = migratedDataDir('rv-shutdown-');
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      APP_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: 'warn',
      // Production requires both (config.ts); nothing is e-mailed here, so nothing listens on that port.
      SMTP_URL: 'smtp://127.0.0.1:9',
      SESSION_SECRET: 'shutdown-test-session-secret-0123456789',
      DATA_DIR: dataDir,
      JOBS_ENABLED: 'false',
      SEED_DEMO: 'false',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const exited = new Promise<number | null>((resolve) =>
    proc.once('exit', (code) => {
      rmSync(dataDir, { recursive: true, force: true });
      resolve(code);
    }),
  );
  return { proc, exited, stderr: () => err };
}

/** A GET on a connection of its own (no keep-alive pool): its status and body, or the connection's error code. */
function getFresh(port: number, path: string): Promise<{ status: number; body: string } | { error: string }> {
  return new Promise((resolve) => {
    const req = request({ host: '127.0.0.1', port, path, agent: false }, (res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve({ error: e.code ?? e.message }));
    req.end();
  });
}

async function until<T>(what: string, probe: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** A POST whose body arrives in two parts: the request is under way from its headers until `finish` sends the rest. */
async function slowPost(port: number, path: string, body: string): Promise<{ finish: () => void; answer: Promise<string>; socket: Socket }> {
  const socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve, reject) => socket.once('connect', resolve).once('error', reject));
  let answer = '';
  const answered = new Promise<string>((resolve) => {
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('close', () => resolve(answer));
    socket.on('error', () => {});
  });
  const half = Math.floor(body.length / 2);
  socket.write(
    `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body.slice(0, half)}`,
  );
  return { finish: () => socket.write(body.slice(half)), answer: answered, socket };
}

const CHECK = JSON.stringify({ field: 'email', value: 'nobody-here@example.com' });

describe('SIGTERM', () => {
  it('answers readiness 503 at once, lets the request under way finish with 200, then refuses new connections and exits 0', async () => {
    const port = await freePort();
    const server = startServer(port);
    try {
      await until('the server', async () => {
        const r = await getFresh(port, '/api/health');
        return 'status' in r && r.status === 200 ? true : undefined;
      });
      const slow = await slowPost(port, '/api/check-availability', CHECK);
      await new Promise((r) => setTimeout(r, 300)); // its headers are read: it is under way
      server.proc.kill('SIGTERM');

      // Draining: a new connection is still taken, and readiness says 503 while liveness still answers.
      const health = await until('readiness 503', async () => {
        const r = await getFresh(port, '/api/health');
        return 'status' in r && r.status === 503 ? r : undefined;
      });
      expect(JSON.parse(health.body)).toMatchObject({ status: 'draining', code: 'service_unavailable' });
      expect(await getFresh(port, '/api/health/live')).toMatchObject({ status: 200 });
      expect(server.proc.exitCode).toBeNull();

      slow.finish();
      const answer = await slow.answer;
      expect(answer).toMatch(/^HTTP\/1\.1 200 /);
      expect(answer).toMatch(/\r\nconnection: close\r\n/i);

      // Drained: the listener is closed, and the process ends well before the 10 s cut-off.
      const refused = await until(
        'refused connections',
        async () => {
          const r = await getFresh(port, '/api/health');
          // A connection that lands while the listener closes may be reset rather than refused: not served either,
          // and the next try finds the port closed.
          return 'error' in r && r.error !== 'ECONNRESET' ? r.error : undefined;
        },
        8_000,
      );
      expect(refused).toBe('ECONNREFUSED');
      expect(await server.exited).toBe(0);
    } finally {
      server.proc.kill('SIGKILL');
    }
  }, 120_000);

  it('cuts off a request still under way after 10 s and stops', async () => {
    const port = await freePort();
    const server = startServer(port);
    try {
      await until('the server', async () => {
        const r = await getFresh(port, '/api/health');
        return 'status' in r && r.status === 200 ? true : undefined;
      });
      const stuck = await slowPost(port, '/api/check-availability', CHECK);
      await new Promise((r) => setTimeout(r, 300));
      const sentAt = Date.now();
      server.proc.kill('SIGTERM');
      // Its body never completes: the connection is closed once the drain's 10 s are over, and the server exits 0.
      expect(await stuck.answer).toBe('');
      const waited = Date.now() - sentAt;
      expect(waited).toBeGreaterThanOrEqual(9_500);
      expect(waited).toBeLessThan(15_000);
      expect(await server.exited).toBe(0);
    } finally {
      server.proc.kill('SIGKILL');
    }
  }, 120_000);
});
