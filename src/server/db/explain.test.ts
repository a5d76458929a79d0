import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { seedVolume, type SeededVolume } from '../../../bench/seed-volume';
import { addDays } from '../../shared/dates';
import { queryDoctorAppointmentsBetween, queryRepAppointmentsWithDoctor, queryRepUpcomingAppointments } from '../modules/booking/booking.repo';
import { clinicDoctors, doctorAppointments, sessions } from './schema';
import { describeEachDatabase } from '../test/harness';

// Decision 012: the hot queries use an index once the planner has statistics (ANALYZE after a seeded volume),
// on PostgreSQL and on the embedded database (PGlite is PostgreSQL, so its planner decides the same way).

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

function nodesOf(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodesOf)];
}

describeEachDatabase('hot queries use indexes', (ctx) => {
  let v: SeededVolume;

  async function planOf(query: SQLWrapper): Promise<PlanNode[]> {
    const answer: unknown = await ctx.database.db.execute(sql`explain (format json) ${query}`);
    const result = answer as { rows: Array<Record<string, unknown>> };
    const raw = Object.values(result.rows[0]!)[0];
    const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
    return nodesOf(parsed[0]!.Plan);
  }

  /** The plan reads `table` only through one of `indexes`, never by a sequential scan. */
  async function expectIndexOn(query: SQLWrapper, table: string, indexes: string[]) {
    const nodes = (await planOf(query)).filter((n) => n['Relation Name'] === table || n['Index Name'] !== undefined);
    expect(nodes.filter((n) => n['Relation Name'] === table && n['Node Type'] === 'Seq Scan')).toEqual([]);
    const used = nodes.filter((n) => n['Index Name'] && indexes.includes(n['Index Name'])).map((n) => n['Index Name']);
    expect(used.length, `one of ${indexes.join(', ')} in the plan`).toBeGreaterThan(0);
  }

  beforeAll(async () => {
    v = await seedVolume(ctx.database.db, {
      now: ctx.clock.now(),
      volume: { clinics: 100, doctors: 400, reps: 500, appointments: 20_000 },
    });
  }, 120_000);

  it('the session lookup of every signed-in request reads the sessions primary key', async () => {
    const query = ctx.database.db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, 'a'.repeat(64)), gt(sessions.expiresAt, ctx.clock.now())))
      .limit(1);
    await expectIndexOn(query, 'sessions', ['sessions_pkey']);
  });

  it("a doctor's day at a clinic (booking, availability, calendar, clinic day view)", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinicId = v.primaryClinicOf[doctorId]!;
    const day = queryDoctorAppointmentsBetween(ctx.database.db, { clinicId, doctorId, from: v.today, to: v.today });
    await expectIndexOn(day, 'doctor_appointments', ['doctor_appointments_clinic_doctor_date_idx']);
    const month = queryDoctorAppointmentsBetween(ctx.database.db, { clinicId, doctorId, from: v.today, to: addDays(v.today, 30) });
    await expectIndexOn(month, 'doctor_appointments', ['doctor_appointments_clinic_doctor_date_idx']);
  });

  it("a rep's visits with a doctor (call frequency) and the rep's upcoming appointments", async () => {
    const repId = v.repIds[37]!;
    const withDoctor = queryRepAppointmentsWithDoctor(ctx.database.db, { repId, doctorId: v.doctorIds[7]! });
    await expectIndexOn(withDoctor, 'doctor_appointments', ['doctor_appointments_rep_doctor_date_uq', 'doctor_appointments_rep_date_idx']);
    const upcoming = queryRepUpcomingAppointments(ctx.database.db, { repId, fromDate: v.today });
    await expectIndexOn(upcoming, 'doctor_appointments', ['doctor_appointments_rep_date_idx', 'doctor_appointments_rep_doctor_date_uq']);
  });

  it("a doctor's clinics (the cascade's last step) read the clinic_doctors doctor index", async () => {
    const query = ctx.database.db.select({ clinicId: clinicDoctors.clinicId }).from(clinicDoctors).where(eq(clinicDoctors.doctorId, v.doctorIds[7]!));
    await expectIndexOn(query, 'clinic_doctors', ['clinic_doctors_doctor_idx', 'clinic_doctors_clinic_doctor_uq']);
  });

  it('the appointments of one day (reminders, the admin day view) read the date index', async () => {
    const query = ctx.database.db
      .select({ id: doctorAppointments.id })
      .from(doctorAppointments)
      .where(eq(doctorAppointments.appointmentDate, addDays(v.today, 1)));
    await expectIndexOn(query, 'doctor_appointments', ['doctor_appointments_date_idx']);
  });
});
