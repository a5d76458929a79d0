import { and, eq, gt, sql, type SQLWrapper } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedVolume, type SeededVolume } from '../../../bench/seed-volume';
import { SPECIALTIES } from '../../shared/constants';
import { addDays } from '../../shared/dates';
import {
  queryCalendarInputs,
  queryDayFacts,
  queryDoctorAppointmentsBetween,
  queryRepAppointmentsWithDoctor,
  queryRepUpcomingAppointments,
} from '../modules/booking/booking.repo';
import { queryMessageLogsPage, queryPendingPage, queryRecipientsPage } from '../modules/admin/admin-email.repo';
import { listDaysWithRunOutOffers, queryDayLine } from '../modules/booking/waitlist-offers.repo';
import { listRepEntries } from '../modules/waitlist/waitlist.repo';
import { queryClinicDay } from '../modules/clinics/visitors.repo';
import { queryAppointmentsPage, queryClinicsPage, queryDoctorLinksPage, queryRepsPage } from '../modules/admin/admin-lists.repo';
import {
  queryAppointmentCount,
  queryAppointmentsByState,
  queryAppointmentsPerBookingDay,
  queryRepsBySubscription,
  queryRowCount,
  queryVisitsByStatus,
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
import type { Db } from './client';
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

async function planIn(db: Db, query: SQLWrapper): Promise<PlanNode[]> {
  const answer: unknown = await db.execute(sql`explain (format json) ${query}`);
  const result = answer as { rows: Array<Record<string, unknown>> };
  const raw = Object.values(result.rows[0]!)[0];
  const parsed = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{ Plan: PlanNode }>;
  return nodesOf(parsed[0]!.Plan);
}

/** The plan reads `table` only through one of `indexes`, never by a sequential scan; a failure shows the plan. */
async function expectIndexIn(db: Db, query: SQLWrapper, table: string, indexes: string[]) {
  const nodes = await planIn(db, query);
  const plan = nodes.map((n) => [n['Node Type'], n['Index Name'], n['Relation Name'] && `on ${n['Relation Name']}`].filter(Boolean).join(' ')).join('; ');
  expect(
    nodes.filter((n) => n['Relation Name'] === table && n['Node Type'] === 'Seq Scan'),
    plan,
  ).toEqual([]);
  const used = nodes.filter((n) => n['Index Name'] && indexes.includes(n['Index Name'])).map((n) => n['Index Name']);
  expect(used.length, `one of ${indexes.join(', ')} in the plan: ${plan}`).toBeGreaterThan(0);
}

describeEachDatabase('hot queries use indexes', (ctx) => {
  let v: SeededVolume;
  const planOf = (query: SQLWrapper) => planIn(ctx.database.db, query);
  const expectIndexOn = (query: SQLWrapper, table: string, indexes: string[]) => expectIndexIn(ctx.database.db, query, table, indexes);

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
    // A closed day at every link (clinics cancel a day now and then), so the closures are a table worth an index.
    await ctx.database.db.execute(sql`insert into doctor_day_closures (clinic_id, doctor_id, closed_date, reason, created_at)
      select clinic_id, doctor_id, ${v.today}::date + (id % 60), 'Doctor unavailable', now() from clinic_doctors`);
    // The waitlist as it accumulates until the purge (docs/decisions/043): three reps at every link, on a day from a month
    // ago to two months ahead; most entries closed (a day gone, an offer declined or taken up), some waiting, a few offered.
    await ctx.database.db.execute(sql`insert into waitlist_entries (rep_id, doctor_id, clinic_id, date, status, offered_at, offer_expires_at)
      select r.id, l.doctor_id, l.clinic_id, ${v.today}::date + (l.id % 90) - 30, s.status,
        case when s.status = 'offered' then now() end, case when s.status = 'offered' then now() + interval '2 hours' end
      from clinic_doctors l cross join (select id from medical_reps order by id limit 3) r
      cross join lateral (select case when l.id % 90 < 30 then 'expired' when (l.id + r.id) % 10 = 0 then 'offered'
        when (l.id + r.id) % 10 < 3 then 'waiting' when (l.id + r.id) % 2 = 0 then 'declined' else 'accepted' end as status) s`);
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
    // The admin list's (doctor, date, id) index (decision 022) serves a doctor's days as well; a doctor has few clinics.
    const indexes = ['doctor_appointments_clinic_doctor_date_idx', 'doctor_appointments_doctor_date_id_idx'];
    const day = queryDoctorAppointmentsBetween(ctx.database.db, { clinicId, doctorId, from: v.today, to: v.today });
    await expectIndexOn(day, 'doctor_appointments', indexes);
    const month = queryDoctorAppointmentsBetween(ctx.database.db, { clinicId, doctorId, from: v.today, to: addDays(v.today, 30) });
    await expectIndexOn(month, 'doctor_appointments', indexes);
  });

  it("a rep's visits with a doctor (call frequency) and the rep's upcoming appointments", async () => {
    const repId = v.repIds[37]!;
    const withDoctor = queryRepAppointmentsWithDoctor(ctx.database.db, { repId, doctorId: v.doctorIds[7]! });
    await expectIndexOn(withDoctor, 'doctor_appointments', ['doctor_appointments_rep_doctor_date_uq', 'doctor_appointments_rep_date_idx']);
    const upcoming = queryRepUpcomingAppointments(ctx.database.db, { repId, fromDate: v.today });
    await expectIndexOn(upcoming, 'doctor_appointments', ['doctor_appointments_rep_date_idx', 'doctor_appointments_rep_doctor_date_uq']);
    // Each row's token counts the visits before it in the doctor's day at the clinic (src/server/db/visit-order.ts):
    // one probe of the doctor's day per row, never a scan of the appointments (as a doctor's day above).
    await expectIndexOn(upcoming, 'doctor_appointments', ['doctor_appointments_clinic_doctor_date_idx', 'doctor_appointments_doctor_date_id_idx']);
  });

  it("a calendar month not cached yet: the link's settings, the doctor's month, the rep's visits and the closures in one statement", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinicId = v.primaryClinicOf[doctorId]!;
    const query = queryCalendarInputs(ctx.database.db, { clinicId, doctorId, repId: v.repIds[37]!, from: v.today, to: addDays(v.today, 30) });
    const nodes = await planOf(query);
    const indexesOn = (table: string) => nodes.filter((n) => n['Relation Name'] === table && n['Index Name']).map((n) => n['Index Name']);
    // The doctor's month (by clinic, doctor and date) and the rep's visits (by rep and doctor): two probes.
    expect(indexesOn('doctor_appointments')).toHaveLength(2);
    expect(indexesOn('doctor_day_closures').length).toBeGreaterThan(0);
    expect(indexesOn('clinic_doctors').length).toBeGreaterThan(0);
    // The month's waitlist holds: the line's partial index (docs/decisions/043).
    expect(indexesOn('waitlist_entries')).toEqual(['waitlist_entries_day_idx']);
    await expectNoSeqScan(query, [
      'doctor_appointments',
      'doctor_day_closures',
      'clinic_doctors',
      'clinic_users',
      'clinic_doctor_settings',
      'doctors',
      'waitlist_entries',
      'medical_reps',
    ]);
    // The rep's subscription: the rep's primary key (docs/decisions/077).
    expect(indexesOn('medical_reps')).toEqual(['medical_reps_pkey', 'medical_reps_pkey']);
  });

  it("a booking's day facts, one statement, read each list by its index", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinicId = v.primaryClinicOf[doctorId]!;
    const query = queryDayFacts(ctx.database.db, { clinicId, doctorId, date: addDays(v.today, 3), repId: v.repIds[37]! });
    const nodes = await planOf(query);
    const indexesOn = (table: string) => nodes.filter((n) => n['Relation Name'] === table && n['Index Name']).map((n) => n['Index Name']);
    // The doctor's day (by clinic, doctor and date) and the rep's visits with the doctor (by rep and doctor): two probes.
    expect(indexesOn('doctor_appointments')).toHaveLength(2);
    expect(indexesOn('doctor_day_closures').length).toBeGreaterThan(0);
    expect(indexesOn('waitlist_entries')).toEqual(['waitlist_entries_day_idx']);
    await expectNoSeqScan(query, ['doctor_appointments', 'doctor_day_closures', 'waitlist_entries']);
  });

  it("the clinic's day view: the link, the doctor's visits on a date or from today on, and the waiting count in one statement", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinicId = v.primaryClinicOf[doctorId]!;
    for (const query of [
      queryClinicDay(ctx.database.db, { clinicId, doctorId, date: addDays(v.today, 3) }),
      queryClinicDay(ctx.database.db, { clinicId, doctorId, fromDate: v.today }),
    ]) {
      const nodes = await planOf(query);
      const indexesOn = (table: string) => nodes.filter((n) => n['Relation Name'] === table && n['Index Name']).map((n) => n['Index Name']);
      expect(indexesOn('clinic_doctors').length).toBeGreaterThan(0);
      // The waiting count: the line's partial index (docs/decisions/043), once, not once per visit.
      expect(indexesOn('waitlist_entries')).toEqual(['waitlist_entries_day_idx']);
      await expectIndexOn(query, 'doctor_appointments', ['doctor_appointments_clinic_doctor_date_idx', 'doctor_appointments_doctor_date_id_idx']);
      await expectNoSeqScan(query, ['doctor_appointments', 'clinic_doctors', 'doctors', 'medical_reps', 'waitlist_entries']);
    }
  });

  it("the waitlist: a day's line, a rep's entries with their places, and the sweep's run-out offers read their indexes", async () => {
    const doctorId = v.doctorIds[7]!;
    const clinicId = v.primaryClinicOf[doctorId]!;
    await expectIndexOn(queryDayLine(ctx.database.db, { clinicId, doctorId, date: addDays(v.today, 3) }), 'waitlist_entries', [
      'waitlist_entries_day_idx',
      'waitlist_entries_open_uq',
    ]);
    const entries = listRepEntries(ctx.database.db, { repId: v.repIds[1]!, fromDate: v.today, limit: 200 });
    await expectIndexOn(entries, 'waitlist_entries', ['waitlist_entries_rep_date_idx', 'waitlist_entries_open_uq']);
    // Each waiting entry's place: a probe of its day's line, never a scan.
    await expectIndexOn(entries, 'waitlist_entries', ['waitlist_entries_day_idx']);
    await expectIndexOn(listDaysWithRunOutOffers(ctx.database.db, { today: v.today, now: ctx.clock.now(), limit: 200 }), 'waitlist_entries', [
      'waitlist_entries_offer_expiry_idx',
    ]);
  });

  it("a doctor's clinics (the cascade's last step) read the clinic_doctors doctor index", async () => {
    const query = ctx.database.db.select({ clinicId: clinicDoctors.clinicId }).from(clinicDoctors).where(eq(clinicDoctors.doctorId, v.doctorIds[7]!));
    await expectIndexOn(query, 'clinic_doctors', ['clinic_doctors_doctor_idx', 'clinic_doctors_clinic_doctor_uq']);
  });

  it('the appointments of one day (reminders, the admin day view) read the (date, id) index', async () => {
    const query = ctx.database.db
      .select({ id: doctorAppointments.id })
      .from(doctorAppointments)
      .where(eq(doctorAppointments.appointmentDate, addDays(v.today, 1)));
    await expectIndexOn(query, 'doctor_appointments', ['doctor_appointments_date_id_idx']);
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
        insert into outbox (channel, recipient_email, recipient_name, subject, template_type, status, email_service, queued_at, next_attempt_at, deadline_at, sent_at)
        select case when n % 10 = 0 then 'push' else 'email' end, 'to' || n || '@example.com', 'To ' || n, 'Hello', 'custom', 'sent', 'smtp', now(), now(), now(), now()
        from generate_series(1, 20000) as n`);
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
      // The Messages history is the outbox: read newest first through an index on the id; one channel's page through (channel, id).
      await expectIndexOn(queryMessageLogsPage(ctx.database.db, { limit: 51 }), 'outbox', ['outbox_email_id_idx', 'outbox_pkey']);
      await expectIndexOn(queryMessageLogsPage(ctx.database.db, { beforeId: 10_000, limit: 51 }), 'outbox', ['outbox_email_id_idx', 'outbox_pkey']);
      await expectIndexOn(queryMessageLogsPage(ctx.database.db, { channel: 'whatsapp', beforeId: 10_000, limit: 51 }), 'outbox', [
        'outbox_channel_id_idx',
        'outbox_email_id_idx',
        'outbox_pkey',
      ]);
    });
  });

  it('the admin stats and analytics count reps through the subscription index and never read an appointment', async () => {
    const db = ctx.database.db;
    // Decision 024: index-only scans need the visibility map that PostgreSQL's autovacuum keeps; vacuum stands in for it.
    await db.execute(sql`vacuum analyze medical_reps, clinic_users, doctors`);
    await expectIndexOn(queryRepsBySubscription(db, ctx.clock.now()), 'medical_reps', ['medical_reps_subscription_idx']);
    const counts = [
      queryRowCount(db, 'clinics'),
      queryRowCount(db, 'doctors'),
      queryAppointmentCount(db),
      queryAppointmentsPerBookingDay(db, { from: addDays(v.today, -29) }),
      queryAppointmentsByState(db),
    ];
    for (const query of counts) {
      const nodes = await planOf(query);
      expect(nodes.filter((n) => n['Relation Name'] === 'doctor_appointments' || n['Relation Name'] === 'medical_reps')).toEqual([]);
    }
  });

  it("the analytics' completion and no-show rates count the last 30 days' visits on the (status, date, id) index", async () => {
    // docs/decisions/041: one range of the index per status (its condition names the dates), never every appointment.
    const query = queryVisitsByStatus(ctx.database.db, { from: addDays(v.today, -30), to: addDays(v.today, -1) });
    await expectIndexOn(query, 'doctor_appointments', ['doctor_appointments_status_date_id_idx']);
    const scans = (await planOf(query)).filter((n) => n['Index Name'] === 'doctor_appointments_status_date_id_idx') as Array<{ 'Index Cond'?: string }>;
    expect(scans.map((n) => n['Index Cond'] ?? '').join(' ')).toMatch(/status = ANY .*appointment_date >= .*appointment_date <= /);
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

// Decision 022: the admin lists read one page after a keyset position through an index, whatever the filter, at a
// scale where reading a table whole costs the planner more than its index (20,000 reps, 10,000 doctors at 1,000
// clinics, 100,000 appointments), written straight in SQL (the trigram indexes make row-by-row inserts slow on PGlite).
describeEachDatabase('admin list pages use indexes', (ctx) => {
  const limit = 51; // a page of 50 and the one row that says another page follows
  const today = '2026-03-02';
  const expectIndexOn = (query: SQLWrapper, table: string, indexes: string[]) => expectIndexIn(ctx.database.db, query, table, indexes);

  beforeAll(async () => {
    const db = ctx.database.db;
    const specialties = sql.raw(`array[${SPECIALTIES.map((s) => `'${s}'`).join(',')}]`);
    // A fresh database: ids start at 1, so doctor d practises at clinic 1 + (d - 1) % 1000.
    await db.execute(sql`insert into clinic_users (clinic_name, contact_person, state, city, contact_number, email, password)
      select 'Scale Clinic ' || i, 'Contact ' || i, 'Punjab', 'Amritsar', (7000000000 + i)::text, 'scale-clinic-' || i || '@example.com', 'x'
      from generate_series(1, 1000) i`);
    await db.execute(sql`insert into doctors (name, specialty, state, city)
      select 'Dr. Scale ' || lpad(i::text, 5, '0'), (${specialties})[1 + i % ${SPECIALTIES.length}], 'Punjab', 'Amritsar' from generate_series(1, 10000) i`);
    await db.execute(sql`insert into clinic_doctors (clinic_id, doctor_id)
      select 1 + (i - 1) % 1000, i from generate_series(1, 10000) i
      union all select 1 + (i + 499) % 1000, i from generate_series(1, 10000, 5) i`);
    await db.execute(sql`insert into medical_reps (full_name, email, phone, company, state, password)
      select 'Scale Rep ' || i, 'scale-rep-' || i || '@example.com', (8000000000 + i)::text, 'Cipla', 'Punjab', 'x' from generate_series(1, 20000) i`);
    // 100,000 appointments over 400 days around today; (rep, doctor) pairs repeat only every 20,000, on another day.
    await db.execute(sql`insert into doctor_appointments (doctor_id, clinic_id, rep_id, appointment_date, status)
      select 1 + i % 10000, 1 + (i % 10000) % 1000, 1 + i % 20000, ${today}::date - 200 + i / 250,
        case when i % 20 = 7 then 'cancelled' when i / 250 < 200 then 'completed' else 'booked' end
      from generate_series(0, 99999) i`);
    // VACUUM as autovacuum would on PostgreSQL: medical_reps' trigram indexes (migration 0008) keep a pending list.
    await db.execute(sql`vacuum analyze medical_reps`);
    await db.execute(sql`analyze`);
  }, 180_000);

  it('appointments: the whole list, after a cursor, by status, by dates and by doctor name', async () => {
    const db = ctx.database.db;
    const byDate = ['doctor_appointments_date_id_idx', 'doctor_appointments_status_date_id_idx', 'doctor_appointments_doctor_date_id_idx'];
    const before = { date: today, id: 50_000 };
    await expectIndexOn(queryAppointmentsPage(db, { filter: {}, limit }), 'doctor_appointments', ['doctor_appointments_date_id_idx']);
    await expectIndexOn(queryAppointmentsPage(db, { filter: {}, before, limit }), 'doctor_appointments', ['doctor_appointments_date_id_idx']);
    // Each row's token: one probe of a doctor's day (src/server/db/visit-order.ts), by the (clinic, doctor, date)
    // index or the (doctor, date, id) one (a doctor has few clinics: the planner takes either).
    await expectIndexOn(queryAppointmentsPage(db, { filter: {}, limit }), 'doctor_appointments', [
      'doctor_appointments_clinic_doctor_date_idx',
      'doctor_appointments_doctor_date_id_idx',
    ]);
    // A common status walks the dates and skips the others; a rare one reads its own index.
    await expectIndexOn(queryAppointmentsPage(db, { filter: { status: 'cancelled' }, before, limit }), 'doctor_appointments', byDate);
    await expectIndexOn(queryAppointmentsPage(db, { filter: { status: 'confirmed' }, limit }), 'doctor_appointments', [
      'doctor_appointments_status_date_id_idx',
    ]);
    await expectIndexOn(queryAppointmentsPage(db, { filter: { from: addDays(today, -10), to: addDays(today, 10) }, limit }), 'doctor_appointments', byDate);
    await expectIndexOn(queryAppointmentsPage(db, { filter: { doctor: 'Scale 00042' }, limit }), 'doctor_appointments', byDate);
    await expectIndexOn(queryAppointmentsPage(db, { filter: { doctor: 'Scale 00042', status: 'booked' }, before, limit }), 'doctor_appointments', byDate);
    await expectIndexOn(queryAppointmentsPage(db, { filter: { doctor: 'Scale 00042' }, limit }), 'doctors', ['doctors_name_trgm_idx']);
  });

  it('reps (Medical Reps and Subscriptions) and clinics: newest first, and searched', async () => {
    const db = ctx.database.db;
    const repIndexes = ['medical_reps_pkey', 'medical_reps_full_name_trgm_idx', 'medical_reps_email_trgm_idx'];
    await expectIndexOn(queryRepsPage(db, { limit }), 'medical_reps', ['medical_reps_pkey']);
    await expectIndexOn(queryRepsPage(db, { beforeId: 12_000, limit }), 'medical_reps', ['medical_reps_pkey']);
    await expectIndexOn(queryRepsPage(db, { q: 'scale-rep-4242@', limit }), 'medical_reps', repIndexes);
    await expectIndexOn(queryRepsPage(db, { q: 'Scale Rep', beforeId: 12_000, limit }), 'medical_reps', repIndexes);
    const clinicIndexes = ['clinic_users_pkey', 'clinic_users_clinic_name_trgm_idx', 'clinic_users_email_trgm_idx', 'clinic_users_contact_person_trgm_idx'];
    await expectIndexOn(queryClinicsPage(db, { limit }), 'clinic_users', ['clinic_users_pkey']);
    // A common text walks the ids back from the cursor. A rare one among a thousand clinics is found by reading them
    // all: cheaper, the planner finds, than three trigram scans at that size; the trigram indexes take over as the
    // table grows, as the reps show above.
    await expectIndexOn(queryClinicsPage(db, { q: 'Scale Clinic', beforeId: 800, limit }), 'clinic_users', clinicIndexes);
  });

  it('doctors at clinics: by name and after a cursor', async () => {
    const db = ctx.database.db;
    const after = { name: 'Dr. Scale 05000', doctorId: 5000, linkId: 5000 };
    await expectIndexOn(queryDoctorLinksPage(db, { limit }), 'doctors', ['doctors_name_id_idx']);
    await expectIndexOn(queryDoctorLinksPage(db, { after, limit }), 'doctors', ['doctors_name_id_idx']);
    await expectIndexOn(queryDoctorLinksPage(db, { after, limit }), 'clinic_doctors', ['clinic_doctors_doctor_idx', 'clinic_doctors_clinic_doctor_uq']);
    // Not asserted: the search spans doctor and clinic columns, and no index answers an OR across two tables, so the
    // planner walks the names or joins the links whole (12,000 links here), as its estimate goes. The big table,
    // doctor_appointments, is never part of it.
  });
});
