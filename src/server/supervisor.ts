import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { RESTART_EXIT_CODE } from './supervisor-protocol';

// Runs the server (main.ts) as a child process and starts it again when it exits with RESTART_EXIT_CODE
// (the admin's 'Restart Server'). SIGTERM and SIGINT are passed on; any other exit ends the supervisor with
// the same code. `npm start` and `npm run serve` run this compiled (dist/server/supervisor.js, beside
// dist/server/main.js); run from the source through tsx it starts main.ts the same way (the child inherits
// node's options, --import tsx among them). docs/decisions/021-node-24-and-compiled-server.md

const mainPath = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url));
const QUICK_CRASH_MS = 5_000;
const MAX_QUICK_RESTARTS = 5;

let child: ChildProcess | null = null;
let stopping = false;
let quickRestarts = 0;

function start(): void {
  const startedAt = Date.now();
  // The IPC channel tells main.ts it is supervised (only then does it offer a restart).
  child = spawn(process.execPath, [...process.execArgv, mainPath], { stdio: ['inherit', 'inherit', 'inherit', 'ipc'] });
  child.on('exit', (code, signal) => {
    child = null;
    if (!stopping && code === RESTART_EXIT_CODE) {
      quickRestarts = Date.now() - startedAt < QUICK_CRASH_MS ? quickRestarts + 1 : 0;
      if (quickRestarts <= MAX_QUICK_RESTARTS) {
        console.log(JSON.stringify({ level: 30, time: Date.now(), msg: 'supervisor: restarting the server' }));
        start();
        return;
      }
    }
    process.exit(code ?? (signal ? 1 : 0));
  });
}

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.on(signal, () => {
    stopping = true;
    if (child) child.kill(signal);
    else process.exit(0);
  });
}

start();
