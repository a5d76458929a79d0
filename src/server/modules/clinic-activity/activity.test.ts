import { eq, sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { addDays } from '../../../shared/dates';
import type { ClinicActivityItem } from '../../../shared/schemas/clinic-activity';
import { clinicActivity, clinicDoctors, clinicMembers, clinicUsers, outbox } from '../../db/schema';
import { CLINIC_ACTIVITY_DAYS, runNightlyPurge } from '../../jobs/nightly-purge.job';
import { encodeCursor } from '../../db/keyset';
import { withWrite } from '../../db/write';
import { describeEachDatabase, deliverOutbox } from '../../test/harness';
import { codeIn } from '../../test/mailbox';
import { createAppointment, createClinic, createDoctor, createRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { recordClinicActivity } from './activity.service';

// The clinic's Activity log (docs/decisions/075-clinic-activity-log.md): every change a clinic's people make is a row
// written in the change's own transaction, naming who made it; the owner and managers page through it, newest first;
// the rep's cancellation e-mail names the clinic, never the person.

const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
const TODAY = '2026-03-02';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

describeEachDatabase('the clinic activity log', (ctx) => {
  beforeEach(() => ctx.clock.set(NOW));

  async function member(clinicId: number, role: 'manager' | 'reception', name: string) {
    const [row] = await ctx.app.db
      .insert(clinicMembers)
      .values({ clinicId, name, email: `${role}-${clinicId}-${Math.random().toString(36).slice(2)}@example.com`, role, status: 'active' })
      .returning();
    return { ...row!, cookie: await sessionCookie(ctx.app, 'clinic', clinicId, { memberId: row!.id }) };
  }

  async function world() {
    const db = ctx.app.db;
    const clinic = await createClinic(db, { clinicName: 'Dal Gate Clinic', contactPerson: 'Asha Kaul' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Irfan Mir', settings: { maxSlots: 20, availableDays: EVERY_DAY } });
    const manager = await member(clinic.id, 'manager', 'Meera Manager');
    return { clinic, doctor, manager, owner: await sessionCookie(ctx.app, 'clinic', clinic.id) };
  }

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: object) =>
    ctx.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });
  const activity = async (cookie: string, q = '') => {
    const res = await call('GET', `/api/clinic/activity${q}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ items: ClinicActivityItem[]; nextCursor: string | null }>();
  };
  const rows = (clinicId: number) => ctx.app.db.select().from(clinicActivity).where(eq(clinicActivity.clinicId, clinicId));

  it('records each kind of change with the person who made it, newest first', async () => {
    const w = await world();
    const m = w.manager.cookie;
    const visit = async (date: string) => {
      const rep = await createRep(ctx.app.db, { fullName: 'Asif Rep' });
      return createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: date });
    };
    const expectOk = async (p: Promise<{ statusCode: number; body: string }>) => {
      const res = await p;
      expect(res.statusCode, res.body).toBeLessThan(300);
    };
    const settings = { clinicId: w.clinic.id, doctorId: w.doctor.id, maxSlots: 5, callFrequency: 7, availableDays: EVERY_DAY };

    await expectOk(call('POST', '/api/clinic/settings', m, settings));
    await expectOk(call('POST', '/api/clinic/settings', m, { ...settings, visitWindows: [{ start: '10:00', end: '12:00' }], slotMinutes: 15 }));
    await expectOk(call('POST', '/api/clinic/doctors', w.owner, { clinicId: w.clinic.id, name: 'Dr. Sana Wani', specialty: 'Dermatology' }));
    const tomorrow = addDays(TODAY, 1);
    const leave = await call('POST', '/api/clinic/leave', m, {
      clinicId: w.clinic.id,
      doctorId: w.doctor.id,
      from: tomorrow,
      to: tomorrow,
      reason: 'Conference',
    });
    expect(leave.statusCode, leave.body).toBe(201);
    await expectOk(call('DELETE', `/api/clinic/leave/${leave.json().leave.id}`, m));
    // A second press changes nothing, so records nothing.
    await expectOk(call('DELETE', `/api/clinic/leave/${leave.json().leave.id}`, w.owner));
    const [toConfirm, toDecline, toComplete, toMiss] = [await visit(TODAY), await visit(TODAY), await visit(TODAY), await visit(TODAY)];
    await expectOk(call('POST', `/api/clinic/appointments/${toConfirm.id}/status`, m, { status: 'confirmed' }));
    await expectOk(call('POST', `/api/clinic/appointments/${toDecline.id}/status`, m, { status: 'cancelled', reason: 'Doctor called to theatre' }));
    await expectOk(call('POST', `/api/clinic/appointments/${toComplete.id}/status`, m, { status: 'completed' }));
    await expectOk(call('POST', `/api/clinic/appointments/${toComplete.id}/undo-outcome`, m));
    await expectOk(call('POST', `/api/clinic/appointments/${toMiss.id}/status`, m, { status: 'no_show' }));
    const later = await visit(addDays(TODAY, 3));
    await expectOk(call('POST', '/api/clinic/cancel-visits', m, { clinicId: w.clinic.id, doctorId: w.doctor.id, appointmentIds: [later.id] }));
    const cancelled = await call('POST', '/api/clinic/cancel-today-calls', m, {
      clinicId: w.clinic.id,
      doctorId: w.doctor.id,
      date: TODAY,
      reason: 'Clinic will be closed today',
    });
    expect(cancelled.json()).toMatchObject({ cancelledCount: 2 });
    await expectOk(call('PUT', '/api/clinic/preferences', w.owner, { emailNotifications: false, smsNotifications: false }));
    await expectOk(call('DELETE', `/api/clinic/doctors/${w.clinic.id}/${w.doctor.id}`, m));
    // Last: a new password ends the clinic's other sessions (the manager's too).
    await expectOk(call('POST', '/api/clinic/change-password', w.owner, { currentPassword: TEST_PASSWORD, newPassword: 'An0ther!Pass' }));

    const { items, nextCursor } = await activity(w.owner);
    expect(nextCursor).toBeNull();
    const who = { manager: { kind: 'manager', name: 'Meera Manager' }, owner: { kind: 'owner', name: 'Asha Kaul' } };
    expect(items.map((i) => [i.action, i.actor, i.target])).toEqual([
      ['password.changed', who.owner, null],
      ['doctor.removed', who.manager, 'Dr. Irfan Mir'],
      ['preferences.saved', who.owner, null],
      ['calls.cancelled_today', who.manager, 'Dr. Irfan Mir'],
      ['visits.cancelled', who.manager, 'Dr. Irfan Mir'],
      ['visit.no_show', who.manager, 'Asif Rep'],
      ['visit.outcome_undone', who.manager, 'Asif Rep'],
      ['visit.completed', who.manager, 'Asif Rep'],
      ['visit.declined', who.manager, 'Asif Rep'],
      ['visit.confirmed', who.manager, 'Asif Rep'],
      ['leave.ended', who.manager, 'Dr. Irfan Mir'],
      ['leave.added', who.manager, 'Dr. Irfan Mir'],
      ['doctor.added', who.owner, 'Dr. Sana Wani'],
      ['visiting_hours.saved', who.manager, 'Dr. Irfan Mir'],
      ['settings.saved', who.manager, 'Dr. Irfan Mir'],
    ]);
    const byAction = new Map(items.map((i) => [i.action, i]));
    expect(byAction.get('calls.cancelled_today')?.details).toEqual({ date: TODAY, reason: 'Clinic will be closed today', cancelledCount: 2 });
    expect(byAction.get('leave.added')?.details).toEqual({ from: tomorrow, to: tomorrow, reason: 'Conference', cancelledCount: 0 });
    expect(byAction.get('visit.declined')?.details).toMatchObject({ appointmentId: toDecline.id, date: TODAY, reason: 'Doctor called to theatre' });
    expect(byAction.get('visiting_hours.saved')?.details).toEqual({ windows: [{ start: '10:00', end: '12:00' }], slotMinutes: 15 });
    expect(byAction.get('preferences.saved')?.details).toEqual({ emailNotifications: false, smsNotifications: false, whatsapp: false });
    expect(items.every((i) => i.at === NOW)).toBe(true);
  });

  it("names the clinic, never the member, in the rep's cancellation e-mail", async () => {
    const w = await world();
    const rep = await createRep(ctx.app.db, { fullName: 'Bina Rep' });
    await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TODAY });
    const res = await call('POST', '/api/clinic/cancel-today-calls', w.manager.cookie, {
      clinicId: w.clinic.id,
      doctorId: w.doctor.id,
      date: TODAY,
      reason: 'Clinic will be closed today',
    });
    expect(res.json()).toMatchObject({ cancelledCount: 1 });
    const queued = await ctx.app.db.select().from(outbox).where(eq(outbox.recipientId, rep.id));
    expect(queued.length).toBeGreaterThan(0);
    for (const message of queued) expect(JSON.stringify(message)).not.toMatch(/Meera/);
    await deliverOutbox(ctx);
    const mail = await ctx.mailbox.waitFor(rep.email, (m) => m.subject.includes('Appointment cancelled'));
    expect(mail.text).toContain('Dal Gate Clinic has cancelled your appointment');
    expect(`${mail.subject}\n${mail.text}\n${mail.html}`).not.toMatch(/Meera|Manager/);
    // The log, not the e-mail, says who.
    expect((await activity(w.owner)).items[0]).toMatchObject({ action: 'calls.cancelled_today', actor: { kind: 'manager', name: 'Meera Manager' } });

    // A member's leave and decline tell the reps the same way: e-mail, push and WhatsApp name the clinic only.
    const [onLeave, declined] = [await createRep(ctx.app.db), await createRep(ctx.app.db)];
    const later = addDays(TODAY, 2);
    await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: onLeave.id, appointmentDate: later });
    const visit = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: declined.id, appointmentDate: addDays(TODAY, 3) });
    const leave = await call('POST', '/api/clinic/leave', w.manager.cookie, {
      clinicId: w.clinic.id,
      doctorId: w.doctor.id,
      from: later,
      to: later,
      reason: 'Conference',
    });
    expect(leave.json()).toMatchObject({ cancelledCount: 1 });
    const decline = await call('POST', `/api/clinic/appointments/${visit.id}/status`, w.manager.cookie, { status: 'cancelled', reason: 'Doctor called away' });
    expect(decline.statusCode, decline.body).toBe(200);
    for (const r of [onLeave, declined]) {
      const told = await ctx.app.db.select().from(outbox).where(eq(outbox.recipientId, r.id));
      expect(told.some((m) => m.templateType === 'cancellation')).toBe(true);
      for (const message of told) expect(JSON.stringify(message)).not.toMatch(/Meera/);
    }
  });

  it('records nothing of a change that fails, and a record that cannot be written fails the change', async () => {
    const w = await world();
    const m = w.manager.cookie;
    const elsewhere = await createClinic(ctx.app.db);
    const foreign = await createDoctor(ctx.app.db, elsewhere.id);
    expect((await call('DELETE', `/api/clinic/doctors/${w.clinic.id}/${foreign.id}`, m)).statusCode).toBe(404);
    const past = await call('POST', '/api/clinic/leave', m, {
      clinicId: w.clinic.id,
      doctorId: w.doctor.id,
      from: '2026-03-01',
      to: '2026-03-01',
      reason: 'Late entry',
    });
    expect(past.statusCode).toBe(400);
    expect(await rows(w.clinic.id)).toEqual([]);

    // The record is in the change's own transaction: when it cannot be written, the doctor stays and his visit too.
    const rep = await createRep(ctx.app.db);
    const kept = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: addDays(TODAY, 2) });
    await ctx.app.db.execute(sql`alter table clinic_activity add constraint test_refuse_removal check (action <> 'doctor.removed') not valid`);
    try {
      expect((await call('DELETE', `/api/clinic/doctors/${w.clinic.id}/${w.doctor.id}`, m)).statusCode).toBe(500);
    } finally {
      await ctx.app.db.execute(sql`alter table clinic_activity drop constraint test_refuse_removal`);
    }
    expect(await ctx.app.db.select().from(clinicDoctors).where(eq(clinicDoctors.clinicId, w.clinic.id))).toHaveLength(1);
    const doctors = await call('GET', `/api/doctor-appointments?doctorId=${w.doctor.id}&clinicId=${w.clinic.id}`, w.owner);
    expect(doctors.json().appointments).toEqual([expect.objectContaining({ id: kept.id, status: 'booked' })]);
    expect(await rows(w.clinic.id)).toEqual([]);
  });

  it('pages newest first without overlap, and shows a clinic only its own rows', async () => {
    const w = await world();
    const other = await world();
    const person = { kind: 'manager' as const, id: w.manager.id, name: 'Meera Manager' };
    await withWrite(ctx.app, async (tx) => {
      for (let i = 0; i < 7; i++) {
        await recordClinicActivity(tx, { clinicId: w.clinic.id, actor: { person }, action: 'visit.confirmed', target: `Rep ${i}`, now: ctx.clock.now() });
        await recordClinicActivity(tx, {
          clinicId: other.clinic.id,
          actor: { person: { kind: 'owner', id: other.clinic.id, name: 'Other Owner' } },
          action: 'settings.saved',
          target: `Other ${i}`,
          now: ctx.clock.now(),
        });
      }
      // A system job or an admin has no person: nothing is recorded.
      await recordClinicActivity(tx, { clinicId: w.clinic.id, actor: {}, action: 'visit.completed', now: ctx.clock.now() });
    });
    const seen: ClinicActivityItem[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const page: { items: ClinicActivityItem[]; nextCursor: string | null } = await activity(w.owner, `?limit=3${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.items.length).toBeLessThanOrEqual(3);
      seen.push(...page.items);
      cursor = page.nextCursor;
      pages++;
    } while (cursor !== null);
    expect(pages).toBe(3);
    expect(seen.map((i) => i.target)).toEqual(['Rep 6', 'Rep 5', 'Rep 4', 'Rep 3', 'Rep 2', 'Rep 1', 'Rep 0']);
    expect(seen.map((i) => i.id)).toEqual([...seen.map((i) => i.id)].sort((a, b) => b - a));
    expect((await activity(other.owner)).items.map((i) => i.target)).toEqual(['Other 6', 'Other 5', 'Other 4', 'Other 3', 'Other 2', 'Other 1', 'Other 0']);
    // A cursor of the other clinic's rows still reads only this clinic's.
    const otherIds = (await rows(other.clinic.id)).map((r) => r.id);
    const across = await activity(w.owner, `?cursor=${encodeCursor([Math.max(...otherIds) + 1])}`);
    expect(across.items.every((i) => i.target?.startsWith('Rep '))).toBe(true);
  });

  it('answers 400 invalid_cursor to a cursor it did not make, and lets only the owner and managers in', async () => {
    const w = await world();
    for (const bad of ['not-a-cursor', encodeCursor(['x']), encodeCursor([-4]), encodeCursor([1.5]), encodeCursor([1, 2])]) {
      const res = await call('GET', `/api/clinic/activity?cursor=${bad}`, w.owner);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().code).toBe('invalid_cursor');
    }
    const reception = await member(w.clinic.id, 'reception', 'Rafiq Reception');
    const refused = await call('GET', '/api/clinic/activity', reception.cookie);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('forbidden_role');
    const rep = await createRep(ctx.app.db);
    expect((await call('GET', '/api/clinic/activity', await sessionCookie(ctx.app, 'medrep', rep.id))).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/clinic/activity' })).statusCode).toBe(401);
  });

  it('keeps rows a bounded time, puts them in the clinic export, and lets them go with the clinic', async () => {
    const w = await world();
    const person = { kind: 'owner' as const, id: w.clinic.id, name: 'Asha Kaul' };
    const now = ctx.clock.now();
    const old = new Date(now.getTime() - (CLINIC_ACTIVITY_DAYS + 1) * 86_400_000);
    await withWrite(ctx.app, async (tx) => {
      await recordClinicActivity(tx, { clinicId: w.clinic.id, actor: { person }, action: 'settings.saved', target: 'old', now: old });
      await recordClinicActivity(tx, { clinicId: w.clinic.id, actor: { person }, action: 'doctor.added', target: 'recent', now });
    });
    const outcome = await runNightlyPurge({ app: ctx.app, now });
    expect(outcome.status).toBe('succeeded');
    expect(outcome.counts).toMatchObject({ clinicActivityRows: 1 });
    expect((await rows(w.clinic.id)).map((r) => r.target)).toEqual(['recent']);

    const exported = await call('GET', '/api/account/export', w.owner);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().activity).toEqual([
      { at: NOW, actor: { kind: 'owner', name: 'Asha Kaul' }, action: 'doctor.added', target: 'recent', details: null },
    ]);

    await ctx.app.db.delete(clinicUsers).where(eq(clinicUsers.id, w.clinic.id));
    expect(await rows(w.clinic.id)).toEqual([]);
  });

  it("takes a rep's name out of every clinic's log when the rep erases their account", async () => {
    const w = await world();
    const rep = await createRep(ctx.app.db, { fullName: 'Zoya Rep' });
    const kept = await createRep(ctx.app.db, { fullName: 'Kabir Rep' });
    const mine = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: rep.id, appointmentDate: TODAY });
    const theirs = await createAppointment(ctx.app.db, { doctorId: w.doctor.id, clinicId: w.clinic.id, repId: kept.id, appointmentDate: TODAY });
    for (const v of [mine, theirs])
      expect((await call('POST', `/api/clinic/appointments/${v.id}/status`, w.owner, { status: 'confirmed' })).statusCode).toBe(200);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    expect((await call('POST', '/api/account/delete/request', cookie)).statusCode).toBe(200);
    const code = codeIn(await ctx.mailbox.waitFor(rep.email, (m) => /Confirm the deletion/.test(m.subject)));
    expect((await call('POST', '/api/account/delete/confirm', cookie, { code })).statusCode).toBe(200);

    const { items } = await activity(w.owner);
    expect(items.map((i) => [i.action, i.target])).toEqual([
      ['visit.confirmed', 'Kabir Rep'],
      ['visit.confirmed', null],
    ]);
    expect(JSON.stringify(items)).not.toContain('Zoya');
    expect(items[1]!.details).not.toHaveProperty('repId');
    expect(items[0]!.details).toMatchObject({ repId: kept.id });
  });
});
