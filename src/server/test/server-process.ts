import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

// The server as an operator runs it, in a process of its own (src/server/main.ts, from the source through tsx, as
// src/server/supervisor.ts does in development): for what only a real process shows, its stop on SIGTERM among them.

const mainPath = fileURLToPath(new URL('../main.ts', import.meta.url));

export interface ServerProcess {
  url: string;
  pid: number;
  /** SIGTERM, then the exit: its code (0 for a clean stop). */
  stop(): Promise<number | null>;
  stderr(): string;
}

/** Starts the server on `port` with `env` over production-like defaults and waits until GET /api/health answers 200. */
export async function startServerProcess(port: number, env: Record<string, string>): Promise<ServerProcess> {
  const proc: ChildProcess = spawn(process.execPath, ['--import', 'tsx', mainPath], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  proc.stderr!.on('data', (d: Buffer) => (err = (err + d.toString()).slice(-8000)));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (proc.exitCode !== null) throw new Error(`the server exited (${proc.exitCode}) before it was ready:\n${err}`);
    const ready = await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`the server was not ready within 120 s:\n${err}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: proc.pid!,
    stderr: () => err,
    stop: () => {
      if (proc.exitCode === null) proc.kill('SIGTERM');
      const killer = setTimeout(() => proc.kill('SIGKILL'), 30_000);
      return exited.finally(() => clearTimeout(killer));
    },
  };
}
