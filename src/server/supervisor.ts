import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { CONFIG_ERROR_EXIT_CODE, heapOption, QUICK_EXIT_MS, RESTART_EXIT_CODE, restartDelayMs } from './supervisor-protocol';

// Runs the server (main.ts) as a child process and starts it again whenever it exits unasked: the admin's
// 'Restart Server' (RESTART_EXIT_CODE) or a crash, after a delay that grows while it keeps failing soon after
// starting (restartDelayMs); it never gives up. SIGTERM and SIGINT are passed on and end both. `npm start` and `npm run serve` run this compiled (dist/server/supervisor.js, beside
// dist/server/main.js); run from the source through tsx it starts main.ts the same way (the child inherits
// node's options, --import tsx among them). docs/decisions/021-node-24-and-compiled-server.md

const mainPath = fileURLToPath(new URL(import.meta.url.endsWith('.ts') ? './main.ts' : './main.js', import.meta.url));
let child: ChildProcess | null = null;
let stopping = false;
let quickExits = 0;

const log = (msg: string, extra: Record<string, unknown> = {}) => console.log(JSON.stringify({ level: 30, time: Date.now(), msg, ...extra }));

function start(): void {
  const startedAt = Date.now();
  // The IPC channel tells main.ts it is supervised (only then does it offer a restart).
  child = spawn(process.execPath, [...process.execArgv, ...heapOption(process.env.SERVER_HEAP_MB), mainPath], {
    stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  });
  child.on('exit', (code, signal) => {
    child = null;
    if (stopping) process.exit(code ?? (signal ? 1 : 0));
    // Its message (Invalid configuration: ...) is on stderr; the same environment would fail the same way again.
    if (code === CONFIG_ERROR_EXIT_CODE) process.exit(code);
    quickExits = Date.now() - startedAt < QUICK_EXIT_MS ? quickExits + 1 : 0;
    const delayMs = restartDelayMs(quickExits);
    log(code === RESTART_EXIT_CODE ? 'supervisor: restarting the server' : 'supervisor: the server stopped; starting it again', { code, signal, delayMs });
    setTimeout(() => {
      if (!stopping) start();
    }, delayMs);
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
