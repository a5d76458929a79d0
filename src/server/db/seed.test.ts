import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { CALL_FREQUENCIES, JAMMU_AND_KASHMIR, JK_DISTRICTS, OTHER_CITY, SPECIALTIES, WEEKDAYS } from '../../shared/constants';
import { addDays, todayInIndia, weekdayOf } from '../../shared/dates';
import { isSubscriptionActive, SUBSCRIPTION_REQUIRED_MESSAGE } from '../../shared/subscription/subscription-status';
import { verifyPassword } from '../modules/auth/password';
import { describeEachDatabase } from '../test/harness';
import { adminNotifications, clinicDoctors, clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps } from './schema';
import { seedIfEmpty, type SeedResult } from './seed';
import { DEMO_PASSWORD } from './seed-data';
import { bookingRuleViolations } from '../test/booking-rule-violations';

describeEachDatabase('demo data seed', (ctx) => {
  let result: SeedResult | null = null;
  beforeAll(async () => {
    result = await seedIfEmpty(ctx.database.db, { now: ctx.clock.now() });
  }, 60_000);

  const count = async (table: typeof clinicUsers | typeof doctors | typeof clinicDoctors | typeof medicalReps | typeof doctorAppointments) => {
    const [row] = await ctx.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row!.n;
  };

  it('fills a fresh database with the promised amounts', async () => {
    expect(result).not.toBeNull();
    expect(result!.summary).toMatchObject({ clinics: 8, doctors: 20, clinicDoctorLinks: 23, reps: 6 });
    expect(await count(clinicUsers)).toBe(8);
    expect(await count(doctors)).toBe(20);
    expect(await count(clinicDoctors)).toBe(23);
    expect(await count(medicalReps)).toBe(6);
    expect(await count(doctorAppointments)).toBe(result!.summary.appointments);
    expect(result!.summary.appointmentsToday).toBeGreaterThan(0);
    expect(result!.summary.appointmentsUpcoming).toBeGreaterThanOrEqual(10);
    expect(result!.summary.appointmentsPast).toBeGreaterThanOrEqual(10);
    const [notice] = await ctx.database.db.select().from(adminNotifications);
    expect(notice?.isActive).toBe(true);
  });

  it('places clinics in several J&K districts and in other states with the city Other', async () => {
    const clinics = await ctx.database.db.select().from(clinicUsers);
    const jk = clinics.filter((c) => c.state === JAMMU_AND_KASHMIR);
    const districts = new Set(jk.map((c) => c.city));
    expect(districts.size).toBeGreaterThanOrEqual(4);
    for (const d of districts) expect(JK_DISTRICTS).toContain(d);
    const elsewhere = clinics.filter((c) => c.state !== JAMMU_AND_KASHMIR);
    expect(new Set(elsewhere.map((c) => c.state)).size).toBeGreaterThanOrEqual(2);
    for (const c of elsewhere) expect(c.city).toBe(OTHER_CITY);
    for (const c of clinics) {
      expect(c).toMatchObject({ emailVerified: true, termsAccepted: true, status: 'active' });
      expect(c.contactNumber).toMatch(/^\+91\d{10}$/); // stored canonical (docs/decisions/032)
    }
  });

  it('gives doctors several specialties, shared doctors two clinics, and every link valid call settings', async () => {
    const rows = await ctx.database.db.select().from(doctors);
    const specialties = new Set(rows.map((d) => d.specialty));
    expect(specialties.size).toBeGreaterThanOrEqual(8);
    for (const s of specialties) expect(SPECIALTIES).toContain(s);

    const links = await ctx.database.db.select().from(clinicDoctors);
    const perDoctor = new Map<number, number>();
    for (const l of links) perDoctor.set(l.doctorId, (perDoctor.get(l.doctorId) ?? 0) + 1);
    expect([...perDoctor.values()].filter((n) => n === 2).length).toBeGreaterThanOrEqual(2);
    expect(perDoctor.size).toBe(rows.length);

    const settings = await ctx.database.db.select().from(clinicDoctorSettings);
    expect(settings).toHaveLength(links.length);
    for (const l of links) {
      const s = settings.find((x) => x.clinicId === l.clinicId && x.doctorId === l.doctorId);
      expect(s, `settings for doctor ${l.doctorId} at clinic ${l.clinicId}`).toBeDefined();
      expect(s!.maxSlots).toBeGreaterThanOrEqual(1);
      expect(s!.maxSlots).toBeLessThanOrEqual(100);
      expect(CALL_FREQUENCIES).toContain(s!.callFrequency);
      expect(Object.keys(s!.availableDays).sort()).toEqual([...WEEKDAYS].sort());
      expect(Object.values(s!.availableDays).every((v) => typeof v === 'boolean')).toBe(true);
      expect(Object.values(s!.availableDays).some(Boolean)).toBe(true);
      expect(s!.doctorName).toBe(rows.find((d) => d.id === l.doctorId)!.name);
    }
  });

  it('has verified reps with and without an active subscription, all signing in with the demo password', async () => {
    const now = ctx.clock.now();
    const reps = await ctx.database.db.select().from(medicalReps);
    for (const r of reps) expect(r).toMatchObject({ emailVerified: true, termsAccepted: true, status: 'active' });
    const active = reps.filter((r) => isSubscriptionActive({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }));
    expect(active.length).toBeGreaterThanOrEqual(3);
    expect(new Set(active.map((r) => r.subscriptionStatus))).toEqual(new Set(['free_trial', 'active']));
    expect(reps.filter((r) => r.subscriptionStatus === 'inactive')).toHaveLength(1);
    expect(await verifyPassword(reps[0]!.password, DEMO_PASSWORD)).toBe(true);
    const [clinic] = await ctx.database.db.select().from(clinicUsers).limit(1);
    expect(await verifyPassword(clinic!.password, DEMO_PASSWORD)).toBe(true);
  });

  it('keeps the booking rules in every appointment: slots, available weekdays, one per rep, doctor and date', async () => {
    const today = todayInIndia(ctx.clock.now());
    const appointments = await ctx.database.db.select().from(doctorAppointments);
    const settings = await ctx.database.db.select().from(clinicDoctorSettings);
    expect(bookingRuleViolations({ appointments, settings, today })).toEqual([]);
    expect(appointments.some((a) => a.appointmentDate === today && a.status === 'booked')).toBe(true);
    expect(new Set(appointments.map((a) => a.status))).toEqual(new Set(['booked', 'completed', 'cancelled']));
    for (const a of appointments) {
      expect(a.bookedAt.getTime()).toBeLessThanOrEqual(ctx.clock.now().getTime());
      expect(settings.some((s) => s.clinicId === a.clinicId && s.doctorId === a.doctorId && s.availableDays[weekdayOf(a.appointmentDate)])).toBe(true);
    }
  });

  it('lists the demo logins: a clinic, a subscribed rep, a rep without a subscription and the admin note', async () => {
    const text = result!.loginsText;
    expect(text).toContain(DEMO_PASSWORD);
    const clinics = await ctx.database.db.select().from(clinicUsers);
    const reps = await ctx.database.db.select().from(medicalReps);
    const now = ctx.clock.now();
    expect(clinics.some((c) => text.includes(c.email))).toBe(true);
    const shown = reps.filter((r) => text.includes(r.email));
    expect(shown.some((r) => isSubscriptionActive({ status: r.subscriptionStatus, expiresAt: r.subscriptionExpiresAt, now }))).toBe(true);
    expect(shown.some((r) => r.subscriptionStatus === 'inactive')).toBe(true);
    expect(text).toContain('ADMIN_PASSWORD');
  });

  it("lets the demo logins in: the rep sees his calls from today on, the clinic sees today's calls", async () => {
    const today = todayInIndia(ctx.clock.now());
    const login = async (url: string, email: string) => {
      const res = await ctx.app.inject({ method: 'POST', url, payload: { email, password: DEMO_PASSWORD } });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().termsAccepted).toBe(true);
      const cookie = String(res.headers['set-cookie']).split(';')[0]!;
      return { id: res.json().user.id as number, cookie };
    };
    const rep = await login('/api/medrep/login', 'ravi.sharma@example.com');
    const mine = await ctx.app.inject({ method: 'GET', url: `/api/rep-appointments?repId=${rep.id}`, headers: { cookie: rep.cookie } });
    expect(mine.statusCode, mine.body).toBe(200);
    const dates: string[] = mine.json().appointments.map((a: { appointment_date: string }) => a.appointment_date.slice(0, 10));
    expect(dates).toContain(today);
    expect(dates.filter((d) => d > today).length).toBeGreaterThanOrEqual(3);

    const clinic = await login('/api/auth/login', 'srinagar.care@example.com');
    const [farooq] = await ctx.database.db
      .select()
      .from(doctors)
      .where(sql`${doctors.name} = 'Dr. Farooq Ahmad'`);
    const day = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-appointments?doctorId=${farooq!.id}&date=${today}`,
      headers: { cookie: clinic.cookie },
    });
    expect(day.statusCode, day.body).toBe(200);
    expect(day.json().appointments.filter((a: { status: string }) => a.status === 'booked')).toHaveLength(3);

    // The clinic's receptionist sees the same day; the doctor's own login sees it at both his clinics (decisions 072, 073).
    const reception = await login('/api/auth/login', 'reception.srinagar@example.com');
    const desk = await ctx.app.inject({
      method: 'GET',
      url: `/api/doctor-appointments?doctorId=${farooq!.id}&date=${today}`,
      headers: { cookie: reception.cookie },
    });
    expect(desk.statusCode, desk.body).toBe(200);
    const doctorLogin = await ctx.app.inject({
      method: 'POST',
      url: '/api/doctor/login',
      payload: { email: 'dr.farooq@example.com', password: DEMO_PASSWORD },
    });
    expect(doctorLogin.statusCode, doctorLogin.body).toBe(200);
    const ownDay = await ctx.app.inject({
      method: 'GET',
      url: '/api/doctor/day',
      headers: { cookie: String(doctorLogin.headers['set-cookie']).split(';')[0]! },
    });
    expect(ownDay.statusCode, ownDay.body).toBe(200);
    expect(
      ownDay
        .json()
        .clinics.map((c: { clinicName: string }) => c.clinicName)
        .sort(),
    ).toEqual(['Anantnag Family Clinic', 'Srinagar Care Clinic'].sort());
    expect(ownDay.json().clinics.find((c: { clinicName: string }) => c.clinicName === 'Srinagar Care Clinic').visits).toHaveLength(3);
  });

  it('lets the subscribed demo rep book a free day, and refuses the rep without a subscription', async () => {
    const today = todayInIndia(ctx.clock.now());
    const [rubina] = await ctx.database.db
      .select()
      .from(doctors)
      .where(sql`${doctors.name} = 'Dr. Rubina Akhtar'`);
    const [srinagar] = await ctx.database.db
      .select()
      .from(clinicUsers)
      .where(sql`${clinicUsers.email} = 'srinagar.care@example.com'`);
    const signIn = async (email: string) => {
      const res = await ctx.app.inject({ method: 'POST', url: '/api/medrep/login', payload: { email, password: DEMO_PASSWORD } });
      return { id: res.json().user.id as number, cookie: String(res.headers['set-cookie']).split(';')[0]! };
    };
    const ravi = await signIn('ravi.sharma@example.com');
    const selectable: string[] = [];
    for (const month of [today.slice(0, 7), addDays(`${today.slice(0, 7)}-01`, 40).slice(0, 7)]) {
      const cal = await ctx.app.inject({
        method: 'GET',
        url: `/api/booking/calendar?clinicId=${srinagar!.id}&doctorId=${rubina!.id}&month=${month}`,
        headers: { cookie: ravi.cookie },
      });
      expect(cal.statusCode, cal.body).toBe(200);
      selectable.push(
        ...cal
          .json()
          .days.filter((d: { selectable: boolean }) => d.selectable)
          .map((d: { date: string }) => d.date),
      );
    }
    expect(selectable.length).toBeGreaterThan(0);
    const payload = { doctorId: rubina!.id, clinicId: srinagar!.id, appointmentDate: selectable[0] };
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie: ravi.cookie },
      payload: { ...payload, repId: ravi.id },
    });
    expect(booked.statusCode, booked.body).toBeLessThan(300);

    const priya = await signIn('priya.nair@example.com');
    const refused = await ctx.app.inject({
      method: 'POST',
      url: '/api/book-appointment',
      headers: { cookie: priya.cookie },
      payload: { ...payload, repId: priya.id },
    });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(refused.statusCode).toBeLessThan(500);
    expect(refused.json().message).toBe(SUBSCRIPTION_REQUIRED_MESSAGE);
  });

  it('does nothing the second time', async () => {
    const before = await count(doctorAppointments);
    expect(await seedIfEmpty(ctx.database.db, { now: ctx.clock.now() })).toBeNull();
    expect(await count(clinicUsers)).toBe(8);
    expect(await count(medicalReps)).toBe(6);
    expect(await count(doctorAppointments)).toBe(before);
  });
});
