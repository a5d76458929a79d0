import { and, eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import {
  adminNotifications,
  clinicDoctors,
  clinicDoctorSettings,
  doctorAppointments,
  doctors,
  medicalReps,
  passwordResetTokens,
  pendingMedicalReps,
  securityEvents,
  sessions,
  subscriptionOrders,
} from '../../db/schema';
import { createAppointment, createClinic, createDoctor, createRep, createSubscribedRep, sessionCookie, TEST_PASSWORD } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { ADMIN_ENV, adminCookie, call } from './admin-test-support';

describeEachDatabase(
  'admin: stats, lists, deletes, status and the broadcast',
  (ctx) => {
    it('counts clinics, reps, appointments and active subscriptions by the shared rule, and reports health', async () => {
      const cookie = await adminCookie(ctx.app);
      const before = (await call(ctx.app, 'GET', '/api/admin/stats', { cookie })).json();
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const active = await createSubscribedRep(ctx.app.db);
      await createSubscribedRep(ctx.app.db, { subscriptionStatus: 'active', subscriptionExpiresAt: new Date('2026-02-01T00:00:00Z') }); // lapsed
      await createRep(ctx.app.db, { subscriptionStatus: 'created', subscriptionExpiresAt: new Date('2027-01-01T00:00:00Z') }); // not an active kind
      await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: active.id, appointmentDate: '2026-03-04' });
      const res = await call(ctx.app, 'GET', '/api/admin/stats', { cookie });
      expect(res.statusCode).toBe(200);
      const after = res.json();
      expect(after.totalClinics - before.totalClinics).toBe(1);
      expect(after.totalMedicalReps - before.totalMedicalReps).toBe(3);
      expect(after.totalAppointments - before.totalAppointments).toBe(1);
      expect(after.activeSubscriptions - before.activeSubscriptions).toBe(1);
      expect(after.systemHealth).toBe('healthy');
    });

    it('lists users with the spec shape and no secrets; doctors per clinic; appointments; subscriptions; pending reps', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db, { clinicName: 'Lal Chowk Clinic', city: 'Srinagar' });
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: 'Dr. Zahid Lone', specialty: 'Neurology' });
      const rep = await createSubscribedRep(ctx.app.db, { fullName: 'Irfan Bhat', company: 'Cipla' });
      const appt = await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-05' });
      await ctx.app.db.insert(pendingMedicalReps).values({
        fullName: 'Pending Pal',
        email: 'pending-pal@example.com',
        phone: '9000000001',
        company: 'Lupin',
        state: 'Punjab',
        password: 'x',
        verificationOtp: 'hash',
        otpExpiry: new Date('2026-03-02T05:00:00Z'),
        verifyTokenHash: 'h',
        verifyTokenExpiry: new Date('2026-03-03T04:30:00Z'),
      });

      // Each list is a page (docs/decisions/022): the rows are found by the screens' searches.
      const repRows = (await call(ctx.app, 'GET', `/api/admin/users?type=medrep&q=${encodeURIComponent(rep.email)}`, { cookie })).json().users;
      expect(repRows).toHaveLength(1);
      const repRow = repRows[0];
      expect(repRow).toMatchObject({
        name: 'Irfan Bhat',
        email: rep.email,
        status: 'active',
        company: 'Cipla',
        phone: rep.phone,
        state: rep.state,
        subscriptionStatus: 'free_trial',
      });
      const clinicRows = (await call(ctx.app, 'GET', `/api/admin/users?type=clinic&q=${encodeURIComponent(clinic.email)}`, { cookie })).json().users;
      expect(clinicRows).toHaveLength(1);
      const clinicRow = clinicRows[0];
      expect(clinicRow).toMatchObject({
        name: 'Lal Chowk Clinic',
        contact_person: clinic.contactPerson,
        contact_number: clinic.contactNumber,
        city: 'Srinagar',
        state: clinic.state,
        status: 'active',
      });
      const text = JSON.stringify([...repRows, ...clinicRows]);
      expect(text).not.toMatch(/password|argon2|otp|token|hash/i);

      const doctorsList = (await call(ctx.app, 'GET', '/api/admin/doctors?q=Zahid', { cookie })).json().doctors;
      expect(doctorsList).toHaveLength(1);
      expect(doctorsList[0]).toMatchObject({
        name: 'Dr. Zahid Lone',
        specialty: 'Neurology',
        city: doctor.city,
        state: doctor.state,
        clinic_name: 'Lal Chowk Clinic',
        clinic_email: clinic.email,
        clinic_phone: clinic.contactNumber,
        contact_person: clinic.contactPerson,
      });

      const appointments = (await call(ctx.app, 'GET', '/api/admin/appointments?doctor=Zahid&from=2026-03-05&to=2026-03-05', { cookie })).json().appointments;
      expect(appointments.map((a: { id: number }) => a.id)).toEqual([appt.id]);
      expect(appointments[0]).toMatchObject({
        appointment_date: '2026-03-05',
        status: 'booked',
        doctor_name: 'Dr. Zahid Lone',
        specialty: 'Neurology',
        clinic_name: 'Lal Chowk Clinic',
        rep_name: 'Irfan Bhat',
        company: 'Cipla',
        rep_phone: rep.phone,
      });

      const subs = (await call(ctx.app, 'GET', `/api/admin/subscriptions?q=${encodeURIComponent(rep.email)}`, { cookie })).json().subscriptions;
      expect(subs.map((s: { id: number }) => s.id)).toEqual([rep.id]);
      expect(subs[0]).toMatchObject({
        full_name: 'Irfan Bhat',
        email: rep.email,
        company: 'Cipla',
        subscription_status: 'free_trial',
        subscription_id: rep.subscriptionId,
        subscription_expires_at: '2027-03-02T00:00:00.000Z',
      });

      const pending = (await call(ctx.app, 'GET', '/api/admin/pending-medical-reps', { cookie })).json().pendingReps;
      expect(pending.find((p: { email: string }) => p.email === 'pending-pal@example.com')).toMatchObject({
        full_name: 'Pending Pal',
        company: 'Lupin',
        state: 'Punjab',
        token_expiry: '2026-03-03T04:30:00.000Z',
      });
      expect(JSON.stringify(pending)).not.toMatch(/password|hash/i);

      const recipients = (await call(ctx.app, 'GET', '/api/admin/medical-reps-with-subscription', { cookie })).json().medicalReps;
      expect(recipients.find((r: { id: number }) => r.id === rep.id)).toMatchObject({
        fullName: 'Irfan Bhat',
        email: rep.email,
        company: 'Cipla',
        state: rep.state,
        subscriptionStatus: 'free_trial',
        freeTrialUsed: true,
        isActive: true,
      });
    });

    it('deletes a rep with sessions, appointments, reset links and codes in one go; unknown ids are 404', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const rep = await createSubscribedRep(ctx.app.db);
      await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-06' });
      const repCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      await ctx.app.db
        .insert(passwordResetTokens)
        .values({ userType: 'medrep', userId: rep.id, tokenHash: `t-${rep.id}`, expiresAt: new Date('2026-03-02T06:00:00Z') });

      const res = await call(ctx.app, 'DELETE', `/api/admin/users/${rep.id}`, { cookie, body: { userType: 'medrep' } });
      expect(res.statusCode).toBe(200);
      expect(await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id))).toHaveLength(0);
      expect(await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.repId, rep.id))).toHaveLength(0);
      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, rep.id))),
      ).toHaveLength(0);
      expect(await ctx.app.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, rep.id))).toHaveLength(0);
      expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: repCookie })).statusCode).toBe(401);

      const again = await call(ctx.app, 'DELETE', `/api/admin/users/${rep.id}`, { cookie, body: { userType: 'medrep' } });
      expect(again.statusCode).toBe(404);
      expect(again.json().message).toBe('User not found');
      const badType = await call(ctx.app, 'DELETE', `/api/admin/users/${clinic.id}`, { cookie, body: { userType: 'doctor' } });
      expect(badType.statusCode).toBe(400);
    });

    it("keeps a deleted rep's payment records, with no rep attached", async () => {
      const cookie = await adminCookie(ctx.app);
      const rep = await createSubscribedRep(ctx.app.db, { subscriptionStatus: 'active' });
      await ctx.app.db.insert(subscriptionOrders).values({
        orderId: `order_keep_${rep.id}`,
        repId: rep.id,
        planType: 'monthly',
        amount: 9900,
        receipt: `r_${rep.id}`,
        status: 'paid',
        paymentId: `pay_keep_${rep.id}`,
      });
      const res = await call(ctx.app, 'DELETE', `/api/admin/users/${rep.id}`, { cookie, body: { userType: 'medrep' } });
      expect(res.statusCode).toBe(200);
      const [order] = await ctx.app.db
        .select()
        .from(subscriptionOrders)
        .where(eq(subscriptionOrders.orderId, `order_keep_${rep.id}`));
      expect(order).toMatchObject({ repId: null, amount: 9900, status: 'paid', paymentId: `pay_keep_${rep.id}` });
    });

    it('deletes a clinic with its doctor links, settings and appointments in one transaction', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const rep = await createSubscribedRep(ctx.app.db);
      await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-06' });
      const res = await call(ctx.app, 'DELETE', `/api/admin/users/${clinic.id}`, { cookie, body: { userType: 'clinic' } });
      expect(res.statusCode).toBe(200);
      expect(await ctx.app.db.select().from(clinicDoctors).where(eq(clinicDoctors.clinicId, clinic.id))).toHaveLength(0);
      expect(await ctx.app.db.select().from(clinicDoctorSettings).where(eq(clinicDoctorSettings.clinicId, clinic.id))).toHaveLength(0);
      expect(await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.clinicId, clinic.id))).toHaveLength(0);
      // The rep stays.
      expect(await ctx.app.db.select().from(medicalReps).where(eq(medicalReps.id, rep.id))).toHaveLength(1);
    });

    it('deactivation ends open sessions and blocks login; reactivation lets the rep in again', async () => {
      const cookie = await adminCookie(ctx.app);
      const rep = await createSubscribedRep(ctx.app.db);
      const repCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
      expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: repCookie })).statusCode).toBe(200);

      const off = await call(ctx.app, 'PATCH', `/api/admin/users/${rep.id}/status`, { cookie, body: { userType: 'medrep', status: 'inactive' } });
      expect(off.statusCode).toBe(200);
      expect(off.json().status).toBe('inactive');
      expect(
        await ctx.app.db
          .select()
          .from(sessions)
          .where(and(eq(sessions.userType, 'medrep'), eq(sessions.userId, rep.id))),
      ).toHaveLength(0);
      expect((await call(ctx.app, 'GET', '/api/auth/me', { cookie: repCookie })).statusCode).toBe(401);
      const refused = await call(ctx.app, 'POST', '/api/medrep/login', { body: { email: rep.email, password: TEST_PASSWORD } });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe('Your account is inactive. Please contact support.');
      const [listed] = (await call(ctx.app, 'GET', `/api/admin/users?type=medrep&q=${encodeURIComponent(rep.email)}`, { cookie })).json().users;
      expect(listed).toMatchObject({ id: rep.id, status: 'inactive' });

      // Without a target status the spec's toggle applies: anything but active becomes active.
      const on = await call(ctx.app, 'PATCH', `/api/admin/users/${rep.id}/status`, { cookie, body: { userType: 'medrep' } });
      expect(on.json().status).toBe('active');
      expect((await call(ctx.app, 'POST', '/api/medrep/login', { body: { email: rep.email, password: TEST_PASSWORD } })).statusCode).toBe(200);

      const missing = await call(ctx.app, 'PATCH', '/api/admin/users/999999/status', { cookie, body: { userType: 'clinic', status: 'inactive' } });
      expect(missing.statusCode).toBe(404);
    });

    it('deletes a doctor from one clinic (and the doctor when no clinic is left) and an appointment; 404 for unknown ids', async () => {
      const cookie = await adminCookie(ctx.app);
      const a = await createClinic(ctx.app.db);
      const b = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, a.id);
      await ctx.app.db.insert(clinicDoctors).values({ clinicId: b.id, doctorId: doctor.id });
      const rep = await createSubscribedRep(ctx.app.db);
      const appt = await createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: a.id, repId: rep.id, appointmentDate: '2026-03-07' });
      const links = (await call(ctx.app, 'GET', `/api/admin/doctors?q=${encodeURIComponent(doctor.name)}`, { cookie })).json().doctors;
      expect(links.map((d: { doctor_id: number }) => d.doctor_id)).toEqual([doctor.id, doctor.id]);
      const atA = links.find((l: { clinic_email: string }) => l.clinic_email === a.email);

      expect((await call(ctx.app, 'DELETE', `/api/admin/doctors/${atA.id}`, { cookie })).statusCode).toBe(200);
      expect(await ctx.app.db.select().from(doctorAppointments).where(eq(doctorAppointments.id, appt.id))).toHaveLength(0);
      expect(await ctx.app.db.select().from(doctors).where(eq(doctors.id, doctor.id))).toHaveLength(1);
      const atB = links.find((l: { clinic_email: string }) => l.clinic_email === b.email);
      expect((await call(ctx.app, 'DELETE', `/api/admin/doctors/${atB.id}`, { cookie })).statusCode).toBe(200);
      expect(await ctx.app.db.select().from(doctors).where(eq(doctors.id, doctor.id))).toHaveLength(0);
      const gone = await call(ctx.app, 'DELETE', `/api/admin/doctors/${atB.id}`, { cookie });
      expect(gone.statusCode).toBe(404);
      expect(gone.json().message).toBe('Doctor not found');

      const d2 = await createDoctor(ctx.app.db, a.id);
      const appt2 = await createAppointment(ctx.app.db, { doctorId: d2.id, clinicId: a.id, repId: rep.id, appointmentDate: '2026-03-08' });
      const listOfD2 = `/api/admin/appointments?doctor=${encodeURIComponent(d2.name)}`;
      const before = (await call(ctx.app, 'GET', listOfD2, { cookie })).json();
      expect(before).toMatchObject({ appointments: [{ id: appt2.id }], total: { count: 1, exact: true } });
      expect((await call(ctx.app, 'DELETE', `/api/admin/appointments/${appt2.id}`, { cookie })).statusCode).toBe(200);
      // The list and both its counts follow: the filtered one, and the overall one (every appointment this file's
      // other tests left too) one fewer.
      expect((await call(ctx.app, 'GET', listOfD2, { cookie })).json()).toEqual({
        appointments: [],
        nextCursor: null,
        total: { count: 0, exact: true },
        overall: { count: before.overall.count - 1, exact: true },
      });
      const noAppt = await call(ctx.app, 'DELETE', `/api/admin/appointments/${appt2.id}`, { cookie });
      expect(noAppt.statusCode).toBe(404);
      expect(noAppt.json().message).toBe('Appointment not found');
      expect((await call(ctx.app, 'DELETE', '/api/admin/appointments/abc', { cookie })).statusCode).toBe(400);
    });

    it('validates the broadcast and keeps exactly one active announcement, which the public call shows', async () => {
      const cookie = await adminCookie(ctx.app);
      const empty = await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: '   ' } });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe('Please enter a message to broadcast');
      const long = await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: 'x'.repeat(501) } });
      expect(long.statusCode).toBe(400);
      expect(long.json().message).toBe('Message must be at most 500 characters');
      expect((await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: 'y'.repeat(500) } })).statusCode).toBe(200);

      const first = await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: '  Clinics close early on Friday.  ' } });
      expect(first.statusCode).toBe(200);
      ctx.clock.advanceMinutes(1);
      await Promise.all(['Second note', 'Third note'].map((message) => call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message } })));
      const active = await ctx.app.db.select().from(adminNotifications).where(eq(adminNotifications.isActive, true));
      expect(active).toHaveLength(1);
      const shown = (await call(ctx.app, 'GET', '/api/admin/notifications/active')).json().notification;
      expect(shown.message).toBe(active[0]!.message);
      expect(['Second note', 'Third note']).toContain(shown.message);

      expect((await call(ctx.app, 'DELETE', '/api/admin/notifications/active', { cookie })).statusCode).toBe(200);
      expect((await call(ctx.app, 'GET', '/api/admin/notifications/active')).json()).toEqual({ notification: null });
      const trimmed = await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: '  Clinics close early on Friday.  ' } });
      expect(trimmed.json().notification.message).toBe('Clinics close early on Friday.');
    });

    it('withdraws the announcement the reps see and records the act naming it (docs/decisions/035)', async () => {
      const cookie = await adminCookie(ctx.app);
      const sent = (await call(ctx.app, 'POST', '/api/admin/notifications', { cookie, body: { message: 'Visiting hours change on Monday.' } })).json();
      expect((await call(ctx.app, 'GET', '/api/admin/notifications/active')).json().notification.id).toBe(sent.notification.id);
      const withdrawn = await call(ctx.app, 'DELETE', '/api/admin/notifications/active', { cookie });
      expect(withdrawn.statusCode).toBe(200);
      expect(withdrawn.json()).toEqual({ message: 'Announcement withdrawn' });
      expect((await call(ctx.app, 'GET', '/api/admin/notifications/active')).json()).toEqual({ notification: null });
      const events = await ctx.app.db
        .select({ details: securityEvents.details, userType: securityEvents.userType })
        .from(securityEvents)
        .where(eq(securityEvents.eventType, 'admin_broadcast_cleared'))
        .orderBy(securityEvents.id);
      expect(events.at(-1)).toEqual({ userType: 'admin', details: { count: 1, notificationIds: [sent.notification.id] } });
    });

    it('serves analytics: overview, subscription split, 30 days of bookings, bookings by state and by status', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db, { state: 'Punjab', city: 'Amritsar' });
      const doctor = await createDoctor(ctx.app.db, clinic.id, { state: 'Punjab', city: 'Amritsar' });
      const rep = await createSubscribedRep(ctx.app.db);
      // Booked at 23:00 IST on 1 March (17:30 UTC): an Indian-calendar day.
      await createAppointment(ctx.app.db, {
        doctorId: doctor.id,
        clinicId: clinic.id,
        repId: rep.id,
        appointmentDate: '2026-03-09',
        bookedAt: new Date('2026-03-01T17:30:00Z'),
      });
      const res = await call(ctx.app, 'GET', '/api/admin/analytics', { cookie });
      expect(res.statusCode).toBe(200);
      const a = res.json();
      expect(a.overview.totalUsers).toBe(a.overview.totalReps + a.overview.totalClinics);
      expect(a.appointmentsPerDay).toHaveLength(30);
      expect(a.appointmentsPerDay.at(-1).date).toBe('2026-03-02');
      expect(a.appointmentsPerDay.find((d: { date: string }) => d.date === '2026-03-01').count).toBeGreaterThanOrEqual(1);
      expect(a.bookingsByState.find((s: { state: string }) => s.state === 'Punjab').count).toBe(1);
      const trial = a.subscriptionsByStatus.find((s: { status: string }) => s.status === 'free_trial');
      expect(trial.count).toBe(a.subscriptions.freeTrials);
      expect(a.subscriptions.freeTrials).toBeGreaterThanOrEqual(1);
    });
  },
  ADMIN_ENV,
);
