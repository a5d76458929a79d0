import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { doctorAppointments, jobRuns } from '../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { describeEachDatabase } from '../test/harness';
import { rowsOf } from './job-runner';
import { openCheckedInVisitsBefore, runVisitClose } from './visit-close.job';

// The end of the day (docs/decisions/041): a visit the rep checked in to and the clinic did not mark by the end of its
// day is completed by the system at 00:10 IST; nothing else changes, and a second run changes nothing.

const CLOSE = '2026-03-02T18:40:00.000Z'; // Tuesday 03 March 2026, 00:10 IST: "yesterday" is Monday 02 March
const MONDAY = '2026-03-02';
const TUESDAY = '2026-03-03';
const checkedIn = new Date('2026-03-02T05:00:00.000Z'); // Monday 10:30 IST

describeEachDatabase('the end-of-day close of checked-in visits', (ctx) => {
  it("completes yesterday's and earlier checked-in visits left open, by the system; leaves every other visit alone", async () => {
    const db = ctx.app.db;
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 10:00 IST, the visits' day
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id, { settings: { maxSlots: 20 } });
    const reps = await Promise.all(Array.from({ length: 8 }, () => createSubscribedRep(db)));
    const visit = (i: number, o: Partial<typeof doctorAppointments.$inferInsert>) =>
      createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: reps[i]!.id, appointmentDate: MONDAY, ...o });
    const closes = [
      await visit(0, { checkedInAt: checkedIn }),
      await visit(1, { checkedInAt: checkedIn, status: 'confirmed' }),
      // A visit of an earlier day that an earlier run missed (the server was down) is closed too.
      await visit(2, { checkedInAt: new Date('2026-02-27T05:00:00.000Z'), appointmentDate: '2026-02-27' }),
    ];
    const stays = [
      await visit(3, {}), // no check-in: not recorded, nothing to close
      await visit(4, { checkedInAt: checkedIn, status: 'no_show', outcomeBy: 'clinic', outcomeAt: checkedIn }), // the clinic marked it
      await visit(5, { checkedInAt: checkedIn, status: 'completed', outcomeBy: 'clinic', outcomeAt: checkedIn }),
      await visit(6, { checkedInAt: checkedIn, status: 'cancelled' }),
      // Checked in today, Tuesday: its day is not over.
      await visit(7, { checkedInAt: new Date('2026-03-02T18:35:00.000Z'), appointmentDate: TUESDAY }),
    ];
    const before = new Map((await db.select().from(doctorAppointments)).map((r) => [r.id, r]));
    // The clinic's day view of Monday, read before the close.
    const dayView = async (cookie: string) =>
      (
        await ctx.app.inject({
          method: 'GET',
          url: `/api/doctor-appointments?clinicId=${clinic.id}&doctorId=${doctor.id}&date=${MONDAY}`,
          headers: { cookie },
        })
      ).json().appointments as Array<{ id: number; status: string }>;
    expect((await dayView(await sessionCookie(ctx.app, 'clinic', clinic.id))).find((a) => a.id === closes[0]!.id)?.status).toBe('booked');

    ctx.clock.set(CLOSE);
    const outcome = await runVisitClose({ app: ctx.app, now: ctx.clock.now() });
    expect(outcome).toMatchObject({ status: 'succeeded', counts: { completed: 3 } });

    for (const v of closes) {
      const [row] = await db.select().from(doctorAppointments).where(eq(doctorAppointments.id, v.id));
      expect(row).toMatchObject({ status: 'completed', outcomeBy: 'system', checkedInAt: v.checkedInAt });
      expect(row!.outcomeAt?.toISOString()).toBe(CLOSE);
    }
    for (const v of stays) {
      const [row] = await db.select().from(doctorAppointments).where(eq(doctorAppointments.id, v.id));
      expect(row).toEqual(before.get(v.id));
    }
    expect((await dayView(await sessionCookie(ctx.app, 'clinic', clinic.id))).find((a) => a.id === closes[0]!.id)?.status).toBe('completed');

    // Again later (a restart, another instance's timer): nothing is left to close.
    ctx.clock.advanceMinutes(5);
    expect(await runVisitClose({ app: ctx.app, now: ctx.clock.now() })).toMatchObject({ status: 'succeeded', counts: { completed: 0 } });
    const runs = await db.select().from(jobRuns).where(eq(jobRuns.name, 'visit-close'));
    expect(runs.map((r) => r.counts)).toEqual(expect.arrayContaining([{ completed: 3 }, { completed: 0 }]));
  });

  it('two instances firing at the same moment close once', async () => {
    const db = ctx.app.db;
    ctx.clock.set('2026-03-09T04:30:00.000Z');
    const clinic = await createClinic(db);
    const doctor = await createDoctor(db, clinic.id);
    const rep = await createSubscribedRep(db);
    const visit = await createAppointment(db, {
      doctorId: doctor.id,
      clinicId: clinic.id,
      repId: rep.id,
      appointmentDate: '2026-03-09',
      checkedInAt: new Date('2026-03-09T05:00:00.000Z'),
    });
    ctx.clock.set('2026-03-09T18:40:00.000Z');
    const now = ctx.clock.now();
    // This one and any other open one the suite left (the first test's visit of Tuesday 3 March).
    const open = (await db.select({ id: doctorAppointments.id }).from(doctorAppointments).where(openCheckedInVisitsBefore('2026-03-10'))).length;
    expect(open).toBeGreaterThanOrEqual(1);
    const outcomes = await Promise.all([runVisitClose({ app: ctx.app, now }), runVisitClose({ app: ctx.app, now }), runVisitClose({ app: ctx.app, now })]);
    expect(outcomes.map((o) => o.status).sort()).toEqual(['skipped', 'skipped', 'succeeded']);
    expect(outcomes.find((o) => o.status === 'succeeded')!.counts).toEqual({ completed: open });
    expect((await db.select().from(doctorAppointments).where(eq(doctorAppointments.id, visit.id)))[0]).toMatchObject({
      status: 'completed',
      outcomeBy: 'system',
    });
  });

  it("finds the open checked-in visits through their partial index, not by reading the day's other visits", async () => {
    const db = ctx.app.db;
    // A realistic table: many visits, few of them checked in and open.
    await db.execute(sql`insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status, booked_at)
      select d.doctor_id, d.clinic_id, r.id, date '2025-01-01' + g, case when g % 3 = 0 then 'completed' else 'cancelled' end, now()
      from (select doctor_id, clinic_id from clinic_doctors limit 1) d, (select id from medical_reps limit 1) r, generate_series(0, 3000) g`);
    await db.execute(sql`analyze doctor_appointments`);
    const close = db.update(doctorAppointments).set({ status: 'completed' }).where(openCheckedInVisitsBefore('2026-03-10'));
    const plan = await db.execute(sql`explain (format json) ${close.getSQL()}`);
    const text = JSON.stringify(rowsOf(plan));
    expect(text).toContain('doctor_appointments_checked_in_open_idx');
  });
});
