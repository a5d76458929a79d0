import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedVolume, type SeededVolume } from '../../../bench/seed-volume';
import { addDays } from '../../shared/dates';
import { queryDoctorAppointmentsBetween, queryRepAppointmentsWithDoctor, queryRepUpcomingAppointments } from '../modules/booking/booking.repo';
import { queryEmailLogsPage, queryPendingPage, queryRecipientsPage } from '../modules/admin/admin-email.repo';
import {
  queryAppointmentCount,
  queryAppointmentsByState,
  queryAppointmentsPerBookingDay,
  queryRepsBySubscription,
  queryRowCount,
} from '../modules/admin/admin-stats.repo';
import {
  findBookableSettingsOfLinks,
  queryBookableClinicsOfDoctors,
  queryBookableDoctorsOfPlace,
  queryBookablePlaces,
  queryClinicCities,
  queryClinicStates,
} from '../modules/directory/directory.repo';
import { JAMMU_AND_KASHMIR } from '../../shared/constants';
import { clinicDoctors, clinicUsers, doctorAppointments, doctors, sessions } from './schema';
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

  /** The plan reads none of `tables` by a sequential scan. */
  async function expectNoSeqScan(query: SQLWrapper, tables: string[]) {
    const scans = (await planOf(query)).filter((n) => n['Node Type'] === 'Seq Scan' && tables.includes(n['Relation Name'] ?? ''));
    expect(scans.map((n) => n['Relation Name'])).toEqual([]);
  }

  beforeAll(async () => {
    v = await seedVolume(ctx.database.db, {
      now: ctx.clock.now(),
      volume: { clinics: 2000, doctors: 4000, reps: 500, appointments: 20_000 },
    });
    // Autovacuum keeps the visibility map in production; the planner costs index-only scans (a clinic's links
    // on clinic_doctors' unique index) with it, as it would on a live database.
    await ctx.database.db.execute(sql`vacuum analyze`);
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

  // The e-mail dashboard's lists (docs/decisions/023): a page reads the primary key from its cursor on, the search
  // the trigram indexes, a small recipient group the subscription index.
  describe('the e-mail dashboard lists', () => {
    beforeAll(async () => {
      await ctx.database.db.execute(sql`
        insert into pending_medical_reps (full_name, email, phone, company, state, password, verification_otp, otp_expiry)
        select 'Pending ' || n, 'pending' || n || '@example.com', '7' || lpad(n::text, 9, '0'), 'Cipla', 'Punjab', 'x', 'x', now()
        from generate_series(1, 5000) as n`);
      await ctx.database.db.execute(sql`
        insert into email_audit_log (recipient_email, recipient_name, subject, template_type, status, email_service)
        select 'to' || n || '@example.com', 'To ' || n, 'Hello', 'custom', 'sent', 'smtp' from generate_series(1, 20000) as n`);
      // Reps at a size where reading the whole table costs more than an index: most subscribed, a few on a trial.
      await ctx.database.db.execute(sql`
        insert into medical_reps (full_name, email, phone, company, state, password, subscription_status, subscription_expires_at, free_trial_used_at)
        select 'Listed Rep ' || n, 'listed' || n || '@example.com', '6' || lpad(n::text, 9, '0'), 'Cipla', 'Punjab', 'x',
          case when n % 100 = 0 then 'free_trial' when n % 100 < 30 then 'inactive' when n % 100 < 40 then 'expired' else 'active' end,
          case when n % 100 < 30 and n % 100 > 0 then null when n % 100 < 40 and n % 100 > 0 then now() - interval '1 day' else now() + interval '30 days' end,
          case when n % 100 < 30 and n % 100 > 0 then null else now() - interval '40 days' end
        from generate_series(1, 20000) as n`);
      // VACUUM as autovacuum would: it moves the trigram indexes' pending entries into the index proper.
      await ctx.database.db.execute(sql`vacuum analyze medical_reps`);
      await ctx.database.db.execute(sql`analyze`);
    }, 60_000);

    it('the recipients, a page at a time, whole or in a small group', async () => {
      const now = ctx.clock.now();
      const page = (o: { status: 'all' | 'free-trial-active' | 'subscribed'; beforeId?: number }) =>
        queryRecipientsPage(ctx.database.db, { filter: { status: o.status }, now, beforeId: o.beforeId, limit: 51 });
      await expectIndexOn(page({ status: 'all' }), 'medical_reps', ['medical_reps_pkey']);
      await expectIndexOn(page({ status: 'all', beforeId: v.repIds[300]! }), 'medical_reps', ['medical_reps_pkey']);
      await expectIndexOn(page({ status: 'subscribed', beforeId: v.repIds[300]! }), 'medical_reps', ['medical_reps_pkey', 'medical_reps_subscription_idx']);
      await expectIndexOn(page({ status: 'free-trial-active' }), 'medical_reps', ['medical_reps_pkey', 'medical_reps_subscription_idx']);
    });

    it('the recipients searched by name or e-mail read the trigram indexes', async () => {
      const query = queryRecipientsPage(ctx.database.db, { filter: { status: 'all', q: 'zqxj' }, now: ctx.clock.now(), limit: 51 });
      await expectIndexOn(query, 'medical_reps', ['medical_reps_full_name_trgm_idx', 'medical_reps_email_trgm_idx']);
    });

    it('the pending registrations and the delivery history, a page at a time', async () => {
      await expectIndexOn(queryPendingPage(ctx.database.db, { limit: 51 }), 'pending_medical_reps', ['pending_medical_reps_pkey']);
      await expectIndexOn(queryPendingPage(ctx.database.db, { beforeId: 2500, limit: 51 }), 'pending_medical_reps', ['pending_medical_reps_pkey']);
      await expectIndexOn(queryEmailLogsPage(ctx.database.db, { limit: 51 }), 'email_audit_log', ['email_audit_log_pkey']);
      await expectIndexOn(queryEmailLogsPage(ctx.database.db, { beforeId: 10_000, limit: 51 }), 'email_audit_log', ['email_audit_log_pkey']);
    });
  });

  it('the admin stats and analytics count reps through the subscription index and never read an appointment', async () => {
    const db = ctx.database.db;
    // Decision 024: index-only scans need the visibility map that PostgreSQL's autovacuum keeps; vacuum stands in for it.
    await db.execute(sql`vacuum analyze medical_reps, clinic_users, doctors`);
    await expectIndexOn(queryRepsBySubscription(db, ctx.clock.now()), 'medical_reps', ['medical_reps_subscription_idx']);
    const counts = [
      queryRowCount(db, clinicUsers),
      queryRowCount(db, doctors),
      queryAppointmentCount(db),
      queryAppointmentsPerBookingDay(db, { from: addDays(v.today, -29) }),
      queryAppointmentsByState(db),
    ];
    for (const query of counts) {
      const nodes = await planOf(query);
      expect(nodes.filter((n) => n['Relation Name'] === 'doctor_appointments' || n['Relation Name'] === 'medical_reps')).toEqual([]);
    }
  });

  // docs/decisions/027-directory-partitions.md: every load of the directory's caches reads one place, one
  // state, one doctor or one link through an index, never every clinic.
  it("a place's partition of the directory reads the clinics' (state, city) index", async () => {
    const place = queryBookableDoctorsOfPlace(ctx.database.db, { state: JAMMU_AND_KASHMIR, city: 'Srinagar' });
    await expectIndexOn(place, 'clinic_users', ['clinic_users_state_city_idx']);
    await expectNoSeqScan(place, ['clinic_doctors', 'clinic_doctor_settings', 'doctors']);
  });

  it("the clinics' states and a state's cities walk the (state, city) index; each place's probe reads it too", async () => {
    await expectIndexOn(queryClinicStates(), 'clinic_users', ['clinic_users_state_city_idx']);
    await expectIndexOn(queryClinicCities(JAMMU_AND_KASHMIR), 'clinic_users', ['clinic_users_state_city_idx']);
    const cities = queryBookablePlaces([
      { state: JAMMU_AND_KASHMIR, city: 'Srinagar' },
      { state: JAMMU_AND_KASHMIR, city: 'Doda' },
    ]);
    await expectIndexOn(cities, 'clinic_users', ['clinic_users_state_city_idx']);
    await expectNoSeqScan(cities, ['clinic_doctors', 'clinic_doctor_settings']);
    const states = queryBookablePlaces(v.places.slice(0, 6).map((p) => ({ state: p.state })));
    await expectIndexOn(states, 'clinic_users', ['clinic_users_state_city_idx']);
  });

  it("a doctor's bookable clinics and a link's settings read by doctor and by link", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinics = queryBookableClinicsOfDoctors(ctx.database.db, [doctorId]);
    await expectIndexOn(clinics, 'clinic_doctors', ['clinic_doctors_doctor_idx', 'clinic_doctors_clinic_doctor_uq']);
    await expectNoSeqScan(clinics, ['clinic_users', 'clinic_doctor_settings', 'doctors']);
    const settings = findBookableSettingsOfLinks(ctx.database.db, [[v.primaryClinicOf[doctorId]!, doctorId]]);
    await expectIndexOn(settings, 'clinic_doctors', ['clinic_doctors_clinic_doctor_uq', 'clinic_doctors_doctor_idx']);
    await expectNoSeqScan(settings, ['clinic_users', 'clinic_doctor_settings', 'doctors']);
  });
});
