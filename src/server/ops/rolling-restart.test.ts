import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../bench/processes';
import { addDays, todayInIndia, weekdayOf } from '../../shared/dates';
import { buildApp } from '../app';
import { readTestEnv, testConfig } from '../config';
import { doctorAppointments } from '../db/schema';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { haproxyInstalled, startHaproxy, type Haproxy } from '../test/haproxy';
import { createTestDatabase } from '../test/harness';
import { Mailbox } from '../test/mailbox';
import { startServerProcess, type ServerProcess } from '../test/server-process';

// A rolling restart (docs/operations.md, "A rolling restart"; docs/decisions/061-rolling-restart.md): two instances on
// one PostgreSQL behind Debian's HAProxy, each stopped with SIGTERM and started again in turn while reps read their
// appointments and book. Every request the load balancer took is answered, none with an error, and every booking
// answered 201 is in the database once. Real processes, as an operator runs them: only they show the stop.

const env = readTestEnv();
const SESSION_SECRET = 'rolling-restart-session-secret-0123456789';

describe.runIf(env.testDatabaseUrl && haproxyInstalled())('a rolling restart of two instances behind HAProxy [postgres]', () => {
  let created: Awaited<ReturnType<typeof createTestDatabase>>;
  let setup: FastifyInstance;
  const mailbox = new Mailbox();
  let lb: Haproxy;
  const ports = { a: 0, b: 0 };
  const servers: Record<'a' | 'b', ServerProcess | null> = { a: null, b: null };
  let serverEnv: Record<string, string>;

  beforeAll(async () => {
    created = await createTestDatabase('postgres');
    const smtpUrl = await mailbox.start();
    ports.a = await freePort();
    ports.b = await freePort();
    const lbPort = await freePort();
    const appUrl = `http://127.0.0.1:${lbPort}`;
    // The accounts are made through an app of the test's own on the same database, with the real clock the
    // instances keep.
    setup = await buildApp({ config: testConfig({ SMTP_URL: smtpUrl, APP_URL: appUrl }), database: created.database });
    await setup.ready();
    // DRAIN_MIN_MS: HAProxy checks every 500 ms and takes an instance out after two failures (test/haproxy.ts).
    serverEnv = { DATABASE_URL: created.url!, SMTP_URL: smtpUrl, APP_URL: appUrl, SESSION_SECRET, TRUST_PROXY: 'true', DRAIN_MIN_MS: '2000' };
    [servers.a, servers.b] = await Promise.all([startServerProcess(ports.a, serverEnv), startServerProcess(ports.b, serverEnv)]);
    lb = await startHaproxy({ port: lbPort, servers: ports });
    await until('both instances are in', async () => Object.values(await lb.serverStates()).every((s) => s === 'UP'), 15_000);
  }, 240_000);

  afterAll(async () => {
    await lb?.stop();
    await Promise.all([servers.a?.stop(), servers.b?.stop()]);
    await setup?.close();
    await created?.drop();
    await mailbox.stop();
  }, 120_000);

  it('answers every request taken, and keeps every booking answered 201', async () => {
    const db = setup.db;
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 2000 } });
    // A weekday two to eight days ahead (the doctor takes calls Monday to Saturday).
    let date = addDays(todayInIndia(new Date()), 2);
    while (weekdayOf(date) === 'sunday') date = addDays(date, 1);
    const reps = await Promise.all(Array.from({ length: 400 }, () => createSubscribedRep(db)));
    const cookies = await Promise.all(reps.map((r) => sessionCookie(setup, 'medrep', r.id)));

    const outcomes: Array<{ kind: 'read' | 'book'; status: number | string; repId: number }> = [];
    let next = 0;
    let running = true;
    const worker = async (w: number) => {
      for (let i = 0; running; i++) {
        const book = i % 2 === 0 && next < reps.length;
        const k = book ? next++ : (w * 7 + i) % reps.length;
        const rep = reps[k]!;
        const request = book
          ? fetch(`${lb.url}/api/book-appointment`, {
              method: 'POST',
              headers: { cookie: cookies[k]!, 'content-type': 'application/json' },
              body: JSON.stringify({ doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: date }),
            })
          : fetch(`${lb.url}/api/rep-appointments?repId=${rep.id}`, { headers: { cookie: cookies[k]! } });
        const status = await request.then(
          async (r) => {
            const body = await r.text();
            return r.status === 200 || r.status === 201 ? r.status : `${r.status} ${body.slice(0, 200)}`;
          },
          (err: unknown) => `failed: ${err instanceof Error ? (err.cause instanceof Error ? err.cause.message : err.message) : String(err)}`,
        );
        outcomes.push({ kind: book ? 'book' : 'read', status, repId: rep.id });
      }
    };
    const load = Promise.all(Array.from({ length: 6 }, (_, w) => worker(w)));

    const restarted: string[] = [];
    for (const name of ['a', 'b'] as const) {
      await until('requests flow', () => outcomes.length > 40, 30_000);
      const before = outcomes.length;
      const old = servers[name]!;
      // What an operator's deploy does: SIGTERM (the instance drains and leaves), then the new one.
      expect(await old.stop()).toBe(0);
      servers[name] = await startServerProcess(ports[name], serverEnv);
      await until(`${name} is in again`, async () => (await lb.serverStates())[name] === 'UP', 15_000);
      restarted.push(`${name}: ${old.pid} -> ${servers[name].pid}`);
      // Requests kept flowing while this one was out.
      expect(outcomes.length).toBeGreaterThan(before);
    }
    const afterRestarts = outcomes.length;
    await until('more requests after the restarts', () => outcomes.length > afterRestarts + 20, 10_000);
    running = false;
    await load;

    expect(restarted).toHaveLength(2);
    const unexpected = outcomes.filter((o) => o.status !== (o.kind === 'book' ? 201 : 200));
    expect(unexpected).toEqual([]);
    const booked = outcomes.filter((o) => o.kind === 'book').map((o) => o.repId);
    expect(booked.length).toBeGreaterThan(20);
    const rows = await db.select({ repId: doctorAppointments.repId }).from(doctorAppointments).where(eq(doctorAppointments.doctorId, doctor.id));
    expect(rows.map((r) => r.repId).sort((x, y) => x - y)).toEqual([...booked].sort((x, y) => x - y));
  }, 300_000);
});

async function until(what: string, ok: () => boolean | Promise<boolean>, withinMs: number): Promise<void> {
  const deadline = Date.now() + withinMs;
  while (!(await ok())) {
    if (Date.now() > deadline) throw new Error(`not within ${withinMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
