import { createServer, type Socket } from 'node:net';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { clinicDoctors, clinicUsers, doctorAppointments, doctors, medicalReps, sessions } from '../src/server/db/schema';
import { SESSION_COOKIE } from '../src/server/plugins/auth';
import { hashToken, newToken } from '../src/server/modules/auth/sessions.service';
import { createOutbox } from '../src/server/outbox/outbox';
import { Mailbox } from '../src/server/test/mailbox';
import { todayInIndia } from '../src/shared/dates';
import { createDatabase } from './database';
import { startApp, type Child } from './processes';
import { log, percentile, rows } from './report';

// The outbox (docs/decisions/028-outbox.md), on PostgreSQL with the compiled server as a child process:
// - registration and "Cancel Today's Calls" (5 visits) while the mail server accepts connections and never answers
//   (goal: p95 under 300 ms: no request waits on SMTP);
// - how long a queued message waits before it reaches a healthy local SMTP server (goal: median under 1 s);
// - how many messages a second one instance hands to that server.

export const OUTBOX_GOALS = { hungP95Ms: 300, queueWaitMedianMs: 1000 };

const REGISTRATIONS = 100;
const CLINICS = 40;
const THROUGHPUT_MESSAGES = 2000;

const quantile = (xs: number[], q: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    q,
  );
const ms = (x: number) => `${Math.round(x)} ms`;

async function timed(call: () => Promise<Response>): Promise<number> {
  const t = performance.now();
  const res = await call();
  await res.text();
  if (!res.ok) throw new Error(`bench call answered ${res.status}`);
  return performance.now() - t;
}

const repBody = (i: number, run: string) => ({
  fullName: `Outbox Rep ${i}`,
  email: `outbox-${run}-${i}@example.com`,
  phone: `6${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`,
  company: 'Cipla',
  state: 'Punjab',
  password: 'Bench#Pass1',
});

/** A registration from its own client address (TRUST_PROXY): the per-IP limit is not what is measured. */
const register = (app: Child, body: object, i: number) =>
  fetch(`${app.url}/api/medrep/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `10.9.${Math.floor(i / 250)}.${i % 250}` },
    body: JSON.stringify(body),
  });

/** Clinics each with one doctor and 5 visits today, and a signed-in session each. */
async function seedClinicDays(url: string): Promise<Array<{ clinicId: number; doctorId: number; cookie: string }>> {
  const database = await openDatabase({ url, dataDir: 'unused' });
  const today = todayInIndia(new Date());
  const now = new Date();
  const out: Array<{ clinicId: number; doctorId: number; cookie: string }> = [];
  try {
    for (let c = 0; c < CLINICS; c++) {
      const [clinic] = await database.db
        .insert(clinicUsers)
        .values({
          clinicName: `Bench Clinic ${c}`,
          contactPerson: 'Bench',
          state: 'Punjab',
          city: 'Amritsar',
          contactNumber: `5${String(c).padStart(9, '0')}`,
          email: `bench-clinic-${c}@example.com`,
          password: 'x',
          emailVerified: true,
          termsAccepted: true,
        })
        .returning({ id: clinicUsers.id });
      const [doctor] = await database.db
        .insert(doctors)
        .values({ name: `Dr. Bench ${c}`, specialty: 'Cardiology', state: 'Punjab', city: 'Amritsar', createdByClinicId: clinic!.id })
        .returning({ id: doctors.id });
      await database.db.insert(clinicDoctors).values({ clinicId: clinic!.id, doctorId: doctor!.id });
      const reps = await database.db
        .insert(medicalReps)
        .values(
          Array.from({ length: 5 }, (_, r) => ({
            fullName: `Visitor ${c}-${r}`,
            email: `visitor-${c}-${r}@example.com`,
            phone: `4${String(c * 10 + r).padStart(9, '0')}`,
            company: 'Lupin',
            state: 'Punjab',
            password: 'x',
            emailVerified: true,
          })),
        )
        .returning({ id: medicalReps.id });
      await database.db
        .insert(doctorAppointments)
        .values(reps.map((r) => ({ doctorId: doctor!.id, clinicId: clinic!.id, repId: r.id, appointmentDate: today })));
      const token = newToken();
      await database.db.insert(sessions).values({
        id: hashToken(token),
        userType: 'clinic',
        userId: clinic!.id,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + 86_400_000),
      });
      out.push({ clinicId: clinic!.id, doctorId: doctor!.id, cookie: `${SESSION_COOKIE}=${token}` });
    }
  } finally {
    await database.close();
  }
  return out;
}

async function measureWithHungSmtp(url: string, clientDir: string) {
  const sockets: Socket[] = [];
  const hung = createServer((s) => sockets.push(s));
  await new Promise<void>((resolve) => hung.listen(0, '127.0.0.1', resolve));
  const smtpUrl = `smtp://127.0.0.1:${(hung.address() as { port: number }).port}`;
  const days = await seedClinicDays(url);
  const app = await startApp({ database: { DATABASE_URL: url }, clientDir, env: { SMTP_URL: smtpUrl } });
  try {
    const registrations: number[] = [];
    for (let i = 0; i < REGISTRATIONS; i++) registrations.push(await timed(() => register(app, repBody(i, 'hung'), i)));
    const today = todayInIndia(new Date());
    const cancels: number[] = [];
    for (const d of days) {
      cancels.push(
        await timed(() =>
          fetch(`${app.url}/api/clinic/cancel-today-calls`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', cookie: d.cookie },
            body: JSON.stringify({ clinicId: d.clinicId, doctorId: d.doctorId, date: today, reason: 'Clinic will be closed today' }),
          }),
        ),
      );
    }
    return { registrations, cancels };
  } finally {
    await app.stop();
    for (const s of sockets) s.destroy();
    hung.close();
  }
}

async function measureWithHealthySmtp(url: string, clientDir: string) {
  const mailbox = new Mailbox();
  const smtpUrl = await mailbox.start();
  const app = await startApp({ database: { DATABASE_URL: url }, clientDir, env: { SMTP_URL: smtpUrl } });
  try {
    // The wait: from a registration's answer to its code's arrival, registrations a little apart as users come.
    const answered = new Map<string, number>();
    // The first e-mail after the start, apart: it waits for the first connection to the mail server.
    const first = repBody(999, 'first');
    await timed(() => register(app, first, 999));
    const firstAnswered = performance.now();
    const firstWait = (await mailbox.waitFor(first.email, () => true, 30_000)).receivedAt - firstAnswered;
    for (let i = 0; i < REGISTRATIONS; i++) {
      const body = repBody(i, 'healthy');
      await timed(() => register(app, body, 1000 + i));
      answered.set(body.email, performance.now());
      await new Promise((r) => setTimeout(r, 20));
    }
    const waits: number[] = [];
    for (const [email, at] of answered) waits.push((await mailbox.waitFor(email, () => true, 30_000)).receivedAt - at);

    // Throughput: a batch written at once (as a bulk send's batches are), timed until the last one arrives.
    const database = await openDatabase({ url, dataDir: 'unused' });
    const before = mailbox.messages.length;
    const t = performance.now();
    try {
      await createOutbox({ clock: { now: () => new Date() } }).queueEmails(
        database.db,
        Array.from({ length: THROUGHPUT_MESSAGES }, (_, i) => ({ to: `flood-${i}@example.com`, subject: `Flood ${i}`, text: 'Hello', templateType: 'custom' })),
      );
    } finally {
      await database.close();
    }
    const deadline = Date.now() + 300_000;
    while (mailbox.messages.length - before < THROUGHPUT_MESSAGES && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    const delivered = mailbox.messages.length - before;
    const perSecond = delivered / ((performance.now() - t) / 1000);
    return { firstWait, waits, perSecond, delivered };
  } finally {
    await app.stop();
    await mailbox.stop();
  }
}

export async function benchOutbox(clientDir: string): Promise<Record<string, unknown>> {
  const created = await createDatabase();
  try {
    const database = await openDatabase({ url: created.url, dataDir: 'unused' });
    await migrateDatabase(database);
    await database.close();
    log('outbox: registration and Cancel Today\u2019s Calls with the mail server hung');
    const hung = await measureWithHungSmtp(created.url, clientDir);
    log('outbox: queue wait and throughput with a healthy mail server');
    const healthy = await measureWithHealthySmtp(created.url, clientDir);
    const p95Register = quantile(hung.registrations, 0.95);
    const p95Cancel = quantile(hung.cancels, 0.95);
    const medianWait = quantile(healthy.waits, 0.5);
    rows.push(
      {
        target: 'outbox',
        measure: `registration, SMTP hung (${REGISTRATIONS})`,
        value: ms(p95Register),
        p50: ms(quantile(hung.registrations, 0.5)),
        p99: ms(quantile(hung.registrations, 0.99)),
        goal: `p95 < ${OUTBOX_GOALS.hungP95Ms} ms`,
        ok: p95Register < OUTBOX_GOALS.hungP95Ms,
      },
      {
        target: 'outbox',
        measure: `Cancel Today's Calls of 5 visits, SMTP hung (${CLINICS})`,
        value: ms(p95Cancel),
        p50: ms(quantile(hung.cancels, 0.5)),
        p99: ms(quantile(hung.cancels, 0.99)),
        goal: `p95 < ${OUTBOX_GOALS.hungP95Ms} ms`,
        ok: p95Cancel < OUTBOX_GOALS.hungP95Ms,
      },
      { target: 'outbox', measure: 'first e-mail after the start, to SMTP', value: ms(healthy.firstWait), goal: 'reported', ok: null },
      {
        target: 'outbox',
        measure: `queued e-mail to SMTP, healthy (${REGISTRATIONS})`,
        value: ms(medianWait),
        p50: ms(medianWait),
        p99: ms(quantile(healthy.waits, 0.99)),
        goal: `median < ${OUTBOX_GOALS.queueWaitMedianMs} ms`,
        ok: medianWait < OUTBOX_GOALS.queueWaitMedianMs,
      },
      {
        target: 'outbox',
        measure: `messages delivered a second, one instance (${healthy.delivered})`,
        value: `${Math.round(healthy.perSecond)}/s`,
        goal: 'reported',
        ok: null,
      },
    );
    return {
      registrationMs: hung.registrations,
      cancelMs: hung.cancels,
      firstWaitMs: healthy.firstWait,
      queueWaitMs: healthy.waits,
      messagesPerSecond: healthy.perSecond,
    };
  } finally {
    await created.drop();
  }
}
