import { generateKeyPairSync, sign } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { beforeEach, expect, it } from 'vitest';
import { CHECK_IN_MESSAGES, RECEIPT_MESSAGES } from '../../../shared/booking/visit-status';
import { RECEIPT_MAX_LENGTH } from '../../../shared/schemas/visits';
import { appSecrets, doctorAppointments } from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { receiptKeyOf, type ReceiptKey } from './receipts.keys';
import { createAppKeys } from '../../app-keys';
import { readReceipt, signReceipt } from './receipts.service';

// The signed proof of visit (docs/decisions/041-visit-outcomes-and-proof.md): the rep gets a receipt of a checked-in
// visit; anyone holding it checks it. A receipt changed anywhere, or signed by another key, is not valid; nothing a
// caller sends makes the check fail with a 5xx.

const NOW = '2026-03-02T04:31:00.000Z';
const TODAY = '2026-03-02';
const CHECKED_IN_AT = '2026-03-02T04:20:00.000Z';
const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

type Reply = LightMyRequestResponse;
let address = 0;
/** Each call from its own address unless told (the check is rate limited per address). */
const nextAddress = () => `10.41.${(address >> 8) & 255}.${address++ & 255}`;

const newPem = () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
const CONFIGURED_PEM = newPem();

describeEachDatabase('the signed proof of visit', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function world(o: { checkedInAt?: Date | null; startTime?: string | null } = {}) {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic', city: 'Srinagar', state: 'Jammu and Kashmir' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Aamir Wani', specialty: 'Cardiology' });
    const rep = await createSubscribedRep(db, { fullName: 'Ravi Sharma', company: 'Sun Pharma' });
    const visit = await createAppointment(db, {
      doctorId: doctor.id,
      clinicId: clinic.id,
      repId: rep.id,
      appointmentDate: TODAY,
      startTime: o.startTime === undefined ? '10:15' : o.startTime,
      checkedInAt: o.checkedInAt === undefined ? new Date(CHECKED_IN_AT) : o.checkedInAt,
    });
    return { clinic, doctor, rep, visit, cookie: await sessionCookie(ctx.app, 'medrep', rep.id) };
  }
  const receiptOf = (id: number, cookie: string): Promise<Reply> =>
    ctx.app.inject({ method: 'GET', url: `/api/medrep/visits/${id}/receipt`, headers: { cookie } });
  const verify = (payload: unknown, remoteAddress = nextAddress()): Promise<Reply> =>
    ctx.app.inject({ method: 'POST', url: '/api/verify-visit', payload: payload as object, remoteAddress });
  async function receiptFor(w: Awaited<ReturnType<typeof world>>): Promise<string> {
    const res = await receiptOf(w.visit.id, w.cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().receipt as string;
  }
  const notValid = { valid: false, visit: null, reason: null };

  it('proves a checked-in visit: who, which doctor, where, when, and when it was signed; no session needed to check it', async () => {
    const w = await world();
    const receipt = await receiptFor(w);
    expect(receipt).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{86}$/);
    const res = await verify({ receipt: ` ${receipt}\n` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      valid: true,
      visit: {
        id: w.visit.id,
        repName: 'Ravi Sharma',
        company: 'Sun Pharma',
        doctorName: 'Dr. Aamir Wani',
        doctorSpecialty: 'Cardiology',
        clinicName: 'Dal Gate Clinic',
        clinicCity: 'Srinagar',
        clinicState: 'Jammu and Kashmir',
        date: TODAY,
        startTime: '10:15',
        checkedInAt: CHECKED_IN_AT,
        // No later arrival kept (an online check-in): the server accepted it as it was typed (docs/decisions/046).
        checkInReceivedAt: CHECKED_IN_AT,
        issuedAt: NOW,
      },
      reason: null,
    });
    // A whole-day visit has no time.
    const allDay = await world({ startTime: null });
    expect((await verify({ receipt: await receiptFor(allDay) })).json().visit.startTime).toBeNull();
  });

  it('outlives the visit: the check needs the signature only (the retention purge may have deleted the row)', async () => {
    const w = await world();
    const receipt = await receiptFor(w);
    await ctx.app.db.delete(doctorAppointments).where(eq(doctorAppointments.id, w.visit.id));
    expect((await verify({ receipt })).json().valid).toBe(true);
  });

  it('is not valid once the visit is declined, cancelled or marked no-show after it was signed, and says why', async () => {
    const cases = [
      { change: { status: 'cancelled', cancelledBy: 'clinic' }, reason: RECEIPT_MESSAGES.declined },
      { change: { status: 'cancelled', cancelledBy: 'admin' }, reason: RECEIPT_MESSAGES.cancelled },
      { change: { status: 'no_show', outcomeBy: 'clinic' }, reason: RECEIPT_MESSAGES.noShow },
    ];
    for (const { change, reason } of cases) {
      const w = await world();
      const receipt = await receiptFor(w);
      expect((await verify({ receipt })).json().valid).toBe(true);
      await ctx.app.db.update(doctorAppointments).set(change).where(eq(doctorAppointments.id, w.visit.id));
      const res = await verify({ receipt });
      expect(res.statusCode).toBe(200);
      // The facts it signed are still shown beside the verdict: the manager sees which visit it was.
      expect(res.json()).toMatchObject({ valid: false, reason, visit: { id: w.visit.id } });
    }
    // Completed by the clinic: still valid.
    const done = await world();
    const receipt = await receiptFor(done);
    await ctx.app.db.update(doctorAppointments).set({ status: 'completed' }).where(eq(doctorAppointments.id, done.visit.id));
    expect((await verify({ receipt })).json()).toMatchObject({ valid: true, reason: null });
  });

  it('names the time the server accepted an offline check-in', async () => {
    const w = await world();
    await ctx.app.db
      .update(doctorAppointments)
      .set({ checkInReceivedAt: new Date(NOW) })
      .where(eq(doctorAppointments.id, w.visit.id));
    expect((await verify({ receipt: await receiptFor(w) })).json().visit).toMatchObject({ checkedInAt: CHECKED_IN_AT, checkInReceivedAt: NOW });
  });

  it('is not valid once any one character is changed', async () => {
    const w = await world();
    const receipt = await receiptFor(w);
    const key = await ctx.app.keys.receipt();
    const changedAt = (i: number) => {
      const c = receipt[i]!;
      const other = c === '.' ? 'A' : BASE64URL[(BASE64URL.indexOf(c) + 1) % 64]!;
      return receipt.slice(0, i) + other + receipt.slice(i + 1);
    };
    // Every position, through the check itself; the last letters of each part carry spare bits, so they matter most.
    for (let i = 0; i < receipt.length; i++) expect(readReceipt(key, changedAt(i)), `character ${i}`).toBeNull();
    const dot = receipt.indexOf('.');
    for (const i of [0, dot - 1, dot, dot + 1, receipt.length - 1])
      expect((await verify({ receipt: changedAt(i) })).json(), `character ${i}`).toEqual(notValid);
    // Cut short, or one part only.
    for (const cut of [receipt.slice(0, -1), receipt.slice(0, dot), receipt.slice(dot + 1), `${receipt}.`, `${receipt}A`])
      expect((await verify({ receipt: cut })).json()).toEqual(notValid);
  });

  it("is not valid when signed by another key, with that key's id or with ours", async () => {
    const w = await world();
    const ours = await ctx.app.keys.receipt();
    const genuine = readReceipt(ours, await receiptFor(w))!;
    const other = receiptKeyOf(newPem());
    expect(other.kid).not.toBe(ours.kid);
    const posingAsOurs: ReceiptKey = { ...other, kid: ours.kid };
    for (const key of [other, posingAsOurs]) expect((await verify({ receipt: signReceipt(key, genuine) })).json()).toEqual(notValid);
    // A visit made up and signed with our key is valid: the check is the signature (a sanity check of the two above).
    expect((await verify({ receipt: signReceipt(ours, { ...genuine, repName: 'Someone Else' }) })).json().valid).toBe(true);
  });

  it('keeps one generated key in app_secrets: another instance on the same database signs and checks alike', async () => {
    const w = await world();
    const receipt = await receiptFor(w);
    const [row] = await ctx.app.db.select().from(appSecrets).where(eq(appSecrets.name, 'receipt_signing_key'));
    expect(row!.value).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    // Two instances starting at once (their own database handles): both read the key already kept.
    const instance = () => ({ db: Object.create(ctx.app.db) as typeof ctx.app.db, config: ctx.app.config, log: ctx.app.log });
    const [a, b] = await Promise.all([createAppKeys(instance()).receipt(), createAppKeys(instance()).receipt()]);
    expect([a.kid, b.kid]).toEqual([receiptKeyOf(row!.value).kid, receiptKeyOf(row!.value).kid]);
    expect(readReceipt(a, receipt)).not.toBeNull();
  });

  it('is 409 before the check-in, 404 for another rep and for no visit, 401 without a rep session', async () => {
    const w = await world({ checkedInAt: null });
    const before = await receiptOf(w.visit.id, w.cookie);
    expect(before.statusCode).toBe(409);
    expect(before.json()).toEqual({ message: CHECK_IN_MESSAGES.notCheckedIn, code: 'not_checked_in' });
    const theirs = await world();
    expect((await receiptOf(theirs.visit.id, w.cookie)).statusCode).toBe(404);
    expect((await receiptOf(2_000_000_000, w.cookie)).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/medrep/visits/${theirs.visit.id}/receipt` })).statusCode).toBe(401);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', theirs.clinic.id);
    expect((await receiptOf(theirs.visit.id, clinicCookie)).statusCode).toBe(401);
  });

  it('answers anything that is not a receipt as not valid, never with a 5xx', async () => {
    const key = await ctx.app.keys.receipt();
    const signed = (payload: string) => `${payload}.${sign(null, Buffer.from(payload), key.privateKey).toString('base64url')}`;
    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const garbage = [
      'a',
      '.',
      '..',
      'a.b',
      'a.b.c',
      '!!!.???',
      '💊.💊',
      "x'); DROP TABLE doctor_appointments; --",
      '<script>alert(1)</script>',
      `${b64('not json')}.${'A'.repeat(86)}`,
      `${b64('{"id":1}')}.${b64('x'.repeat(64))}`,
      'x'.repeat(RECEIPT_MAX_LENGTH),
      `${'A'.repeat(RECEIPT_MAX_LENGTH - 87)}.${'A'.repeat(86)}`,
      // Signed with our key, but not a visit.
      signed(b64('not json')),
      signed(b64('null')),
      signed(b64('[]')),
      signed(b64(JSON.stringify({ id: 'one', kid: key.kid }))),
      signed(b64(JSON.stringify({ id: 1, repName: 'R', kid: key.kid }))),
      // A visit signed with our key but naming another key's id, and one naming none.
      signed(
        b64(
          JSON.stringify({
            id: 1,
            repName: 'R',
            company: 'C',
            doctorName: 'D',
            doctorSpecialty: 'S',
            clinicName: 'C',
            clinicCity: 'C',
            clinicState: 'S',
            date: TODAY,
            startTime: null,
            checkedInAt: NOW,
            issuedAt: NOW,
            kid: 'another-key',
          }),
        ),
      ),
      signed(
        b64(
          JSON.stringify({
            id: 1,
            repName: 'R',
            company: 'C',
            doctorName: 'D',
            doctorSpecialty: 'S',
            clinicName: 'C',
            clinicCity: 'C',
            clinicState: 'S',
            date: TODAY,
            startTime: null,
            checkedInAt: NOW,
            issuedAt: NOW,
          }),
        ),
      ),
    ];
    for (const receipt of garbage) {
      const res = await verify({ receipt });
      expect(res.statusCode, receipt.slice(0, 60)).toBe(200);
      expect(res.json(), receipt.slice(0, 60)).toEqual(notValid);
    }
    // Not a receipt as input at all: the one error shape.
    for (const payload of [
      {},
      { receipt: '' },
      { receipt: '   ' },
      { receipt: 42 },
      { receipt: null },
      { receipt: ['a'] },
      { receipt: 'x'.repeat(RECEIPT_MAX_LENGTH + 1) },
      { receipt: 'a\u0000.b' },
    ]) {
      const res = await verify(payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(typeof res.json().message).toBe('string');
    }
  });

  it('limits checks per address', async () => {
    const from = '10.42.0.1';
    const answers: number[] = [];
    for (let i = 0; i < 31; i++) answers.push((await verify({ receipt: 'a.b' }, from)).statusCode);
    expect(answers.slice(0, 30).every((s) => s === 200)).toBe(true);
    const limited = await verify({ receipt: 'a.b' }, from);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('rate_limited');
    expect((await verify({ receipt: 'a.b' })).statusCode).toBe(200);
  });
});

describeEachDatabase(
  'the proof of visit with RECEIPT_SIGNING_KEY',
  (ctx) => {
    it('signs with the configured key (one line of base64 in the environment) and keeps none in the database', async () => {
      ctx.clock.set(NOW);
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const rep = await createSubscribedRep(ctx.app.db);
      const visit = await createAppointment(ctx.app.db, {
        doctorId: doctor.id,
        clinicId: clinic.id,
        repId: rep.id,
        appointmentDate: TODAY,
        checkedInAt: new Date(CHECKED_IN_AT),
      });
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/medrep/visits/${visit.id}/receipt`,
        headers: { cookie: await sessionCookie(ctx.app, 'medrep', rep.id) },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(readReceipt(receiptKeyOf(CONFIGURED_PEM), res.json().receipt)?.id).toBe(visit.id);
      expect(await ctx.app.db.select().from(appSecrets).where(eq(appSecrets.name, 'receipt_signing_key'))).toEqual([]);
    });
  },
  { env: { RECEIPT_SIGNING_KEY: Buffer.from(CONFIGURED_PEM).toString('base64') } },
);
