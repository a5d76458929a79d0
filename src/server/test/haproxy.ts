import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Debian's HAProxy in front of the app's instances, configured as docs/operations.md ("A rolling restart") tells an
// operator to: readiness checked on GET /api/health, and a request whose connection failed or was closed unanswered
// sent again, to the other instance (docs/decisions/061-rolling-restart.md).

export const HAPROXY_BIN = '/usr/sbin/haproxy';
export const haproxyInstalled = (): boolean => existsSync(HAPROXY_BIN);

export interface Haproxy {
  url: string;
  /** Each server's state as HAProxy sees it now ('UP', 'DOWN', 'MAINT', ...), by name. */
  serverStates(): Promise<Record<string, string>>;
  stop(): Promise<void>;
}

/** The configuration: `servers` by name and port, `port` the one HAProxy listens on, `socket` its runtime API. */
export function haproxyConfig(o: { port: number; socket: string; servers: Record<string, number> }): string {
  return [
    'global',
    `  stats socket ${o.socket} mode 600 level admin`,
    '  maxconn 4000',
    'defaults',
    '  mode http',
    '  timeout connect 2s',
    '  timeout client 30s',
    '  timeout server 30s',
    // Three more tries, the last ones on another instance, of a request whose connection failed before it was
    // sent (the instance has stopped listening): never of one sent, which the instance may have acted on (a
    // booking). The instance itself answers every request it has read (decision 061).
    '  retries 3',
    '  option redispatch 1',
    '  retry-on conn-failure',
    'frontend app',
    `  bind 127.0.0.1:${o.port}`,
    '  option forwardfor',
    '  default_backend instances',
    'backend instances',
    '  balance roundrobin',
    '  option httpchk GET /api/health',
    '  http-check expect status 200',
    // Out after two failed checks (a 503 from /api/health: the instance is draining), in again after two 200s. A
    // check may take 2 s on a loaded machine: a slow answer is not a failed one.
    '  timeout check 2s',
    '  default-server inter 500ms fastinter 250ms fall 2 rise 2',
    ...Object.entries(o.servers).map(([name, port]) => `  server ${name} 127.0.0.1:${port} check`),
    '',
  ].join('\n');
}

export async function startHaproxy(o: { port: number; servers: Record<string, number> }): Promise<Haproxy> {
  const dir = mkdtempSync(join(tmpdir(), 'rv-haproxy-'));
  const socket = join(dir, 'admin.sock');
  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ ...o, socket }));
  const proc: ChildProcess = spawn(HAPROXY_BIN, ['-db', '-f', configFile], { stdio: ['ignore', 'ignore', 'pipe'] });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-4000)));
  const ask = (command: string) =>
    new Promise<string>((resolve, reject) => {
      const c = connect(socket);
      let out = '';
      c.on('data', (d) => (out += d.toString()));
      c.on('end', () => resolve(out));
      c.on('error', reject);
      c.write(`${command}\n`);
    });
  const serverStates = async () => {
    const csv = await ask('show stat');
    const states: Record<string, string> = {};
    for (const line of csv.split('\n')) {
      const [proxy, server, ...rest] = line.split(',');
      if (proxy === 'instances' && server && server !== 'BACKEND' && server !== 'FRONTEND') states[server] = rest[15]!.split(' ')[0]!;
    }
    return states;
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`haproxy exited (${proc.exitCode}): ${err}`);
    try {
      await serverStates();
      break;
    } catch {
      if (Date.now() > deadline) throw new Error(`haproxy's runtime API did not answer: ${err}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  return {
    url: `http://127.0.0.1:${o.port}`,
    serverStates,
    stop: () =>
      new Promise((resolve) => {
        const done = () => {
          rmSync(dir, { recursive: true, force: true });
          resolve();
        };
        if (proc.exitCode !== null) return done();
        proc.once('exit', done);
        proc.kill('SIGTERM');
      }),
  };
}
