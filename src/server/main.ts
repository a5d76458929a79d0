import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';
import { seedIfEmpty } from './db/seed';
import { startScheduler } from './jobs/scheduler';
import { DRAIN_MS } from './plugins/drain';
import { CONFIG_ERROR_EXIT_CODE, RESTART_EXIT_CODE } from './supervisor-protocol';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(CONFIG_ERROR_EXIT_CODE);
    }
    throw err;
  }
  const app = await buildApp({ config, clientDir: config.CLIENT_DIR });
  if (config.SEED_DEMO && app.database.kind === 'pglite') {
    const seeded = await seedIfEmpty(app.db, { now: app.clock.now() });
    if (seeded) app.log.info(seeded.summary, 'demo data seeded');
    if (seeded) process.stdout.write(`\n${seeded.loginsText}\n\n`);
  }
  if (!config.ADMIN_PASSWORD) {
    app.log.warn('the admin side is off: set ADMIN_PASSWORD (at least 8 characters) to turn it on');
  }

  let closing = false;
  const shutdown = async (signal: string, exitCode = 0) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // The last resort, should closing hang (a database that does not answer the pool's end).
    const timer = setTimeout(() => process.exit(1), DRAIN_MS + 10_000);
    timer.unref();
    // Readiness answers 503 from now on and the requests under way get DRAIN_MS to finish (docs/decisions/059); new
    // connections are still taken meanwhile, for a load balancer that has not seen the 503 yet.
    app.drain.start();
    if (!(await app.drain.settled(DRAIN_MS, config.DRAIN_MIN_MS))) {
      app.log.warn({ inFlight: app.drain.inFlight }, 'requests still running after the drain; cutting them off');
      app.server.closeAllConnections();
    }
    // Keep-alive connections whose request finished after the close began would hold it open until the timer
    // (exit 1): close each as soon as it is idle. Fastify's close stops listening, then closes the database.
    const idle = setInterval(() => app.server.closeIdleConnections(), 100);
    idle.unref();
    await app.close();
    process.exit(exitCode);
  };
  // Admin 'Restart Server': under src/server/supervisor.ts (it opens an IPC channel) close gracefully, then
  // exit 75 so the supervisor starts us again. Run alone, nothing would bring us back: no restart then.
  if (process.send) app.decorate('requestRestart', () => void shutdown('restart', RESTART_EXIT_CODE));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  startScheduler(app); // reminders and the nightly purge (timers only here, never in tests: decision 011)
  await app.listen({ port: config.PORT, host: config.HOST });
  app.log.info({ url: config.appUrl, database: app.database.kind }, 'RepVisit is listening');
}

void main();
