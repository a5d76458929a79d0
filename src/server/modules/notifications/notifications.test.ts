import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { medicalReps } from '../../db/schema';
import { describeEachDatabase } from '../../test/harness';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { runNightlyPurge } from '../../jobs/nightly-purge.job';

/** What the preferences answer of WhatsApp while it is not configured (docs/decisions/044). */
const WHATSAPP_OFF = { whatsappNotifications: false, whatsappNumber: null, whatsappAvailable: false };

// The rep's notification preferences, push subscription, private calendar feed; the admin's jobs.

const feedPath = (url: string) => new URL(url).pathname;

describeEachDatabase('notifications, calendar feed and jobs API', (ctx) => {
  it('preferences: defaults on, saved per rep, validated, rep only', async () => {
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const first = await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences', headers: { cookie } });
    expect(first.json()).toEqual({ emailNotifications: true, pushNotifications: true, renewalReminders: true, pushSubscribed: false, ...WHATSAPP_OFF });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: '/api/medrep/notification-preferences',
      headers: { cookie },
      payload: { emailNotifications: false, pushNotifications: true, renewalReminders: false },
    });
    expect(put.json()).toEqual({ emailNotifications: false, pushNotifications: true, renewalReminders: false, pushSubscribed: false, ...WHATSAPP_OFF });
    const again = await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences', headers: { cookie } });
    expect(again.json()).toMatchObject({ emailNotifications: false, renewalReminders: false });
    const bad = await ctx.app.inject({
      method: 'PUT',
      url: '/api/medrep/notification-preferences',
      headers: { cookie },
      payload: { emailNotifications: 'no', pushNotifications: true, renewalReminders: true },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Email notifications must be true or false.');
    expect((await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences' })).statusCode).toBe(401);
    const clinic = await createClinic(ctx.app.db);
    const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/medrep/notification-preferences', headers: { cookie: clinicCookie } })).statusCode).toBe(401);
  });

  it('push: the public VAPID key is stable; a subscription on an unknown push service or malformed is refused; DELETE removes it', async () => {
    const k1 = await ctx.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    const k2 = await ctx.app.inject({ method: 'GET', url: '/api/push/vapid-public-key' });
    expect(k1.json().publicKey).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(k2.json().publicKey).toBe(k1.json().publicKey);

    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const internal = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { subscription: { endpoint: 'http://169.254.169.254/latest/meta-data', keys } },
    });
    expect(internal.statusCode).toBe(400);
    expect(internal.json().message).toBe('This browser uses a push service we cannot send to.');
    const malformed = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { subscription: { endpoint: 'x' } },
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Invalid push subscription.');

    const ok = await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', expirationTime: null, keys } },
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ pushSubscribed: true });
    // A device signing out forgets only its own subscription.
    const other = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/other-device' },
    });
    expect(other.json()).toMatchObject({ pushSubscribed: true });
    const own = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123' },
    });
    expect(own.json()).toMatchObject({ pushSubscribed: false });
    await ctx.app.inject({
      method: 'POST',
      url: '/api/medrep/push-subscription',
      headers: { cookie },
      payload: { subscription: { endpoint: 'https://fcm.googleapis.com/fcm/send/abc123', keys } },
    });
    const del = await ctx.app.inject({ method: 'DELETE', url: '/api/medrep/push-subscription', headers: { cookie } });
    expect(del.json()).toMatchObject({ pushSubscribed: false });
    const [row] = await ctx.app.db.select({ s: medicalReps.pushSubscription }).from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(row!.s).toBeNull();
  });

  it('calendar feed: a secret URL shown once lists the rep’s upcoming visits as all-day events; rotate and revoke end it', async () => {
    const db = ctx.app.db;
    ctx.clock.set('2026-03-02T04:30:00.000Z'); // Monday 10:00 IST
    const clinic = await createClinic(db, { clinicName: 'Lake, View; Clinic', city: 'Srinagar' });
    const doctor = await createDoctor(db, clinic.id, { name: 'Dr. Mir Feed' });
    const other = await createDoctor(db, clinic.id, { name: 'Dr. Other' });
    const rep = await createSubscribedRep(db);
    const stranger = await createSubscribedRep(db);
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-02' });
    await createAppointment(db, { doctorId: other.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-09', status: 'confirmed' });
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-02-20' });
    await createAppointment(db, { doctorId: other.id, clinicId: clinic.id, repId: rep.id, appointmentDate: '2026-03-04', status: 'cancelled' });
    await createAppointment(db, { doctorId: doctor.id, clinicId: clinic.id, repId: stranger.id, appointmentDate: '2026-03-05' });
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);

    expect((await ctx.app.inject({ method: 'GET', url: '/api/medrep/calendar-feed', headers: { cookie } })).json()).toEqual({ active: false, createdAt: null });
    const created = await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: { cookie } });
    expect(created.statusCode).toBe(200);
    const { url } = created.json<{ url: string }>();
    expect(url).toMatch(/^http:\/\/localhost:5000\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const status = await ctx.app.inject({ method: 'GET', url: '/api/medrep/calendar-feed', headers: { cookie } });
    expect(status.json()).toEqual({ active: true, createdAt: '2026-03-02T04:30:00.000Z' });
    expect(JSON.stringify(status.json())).not.toContain(url.split('/').pop()!.slice(0, 10));
    const [stored] = await db.select({ h: medicalReps.calendarFeedTokenHash }).from(medicalReps).where(eq(medicalReps.id, rep.id));
    expect(url).not.toContain(stored!.h!);

    const feed = await ctx.app.inject({ method: 'GET', url: feedPath(url) }); // no cookie: calendar apps have none
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const ics = feed.body;
    expect(ics.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true);
    expect(ics.trimEnd().endsWith('END:VCALENDAR')).toBe(true);
    expect(ics.match(/BEGIN:VEVENT/g)).toHaveLength(2);
    expect(ics.match(/END:VEVENT/g)).toHaveLength(2);
    expect(ics).toContain('DTSTART;VALUE=DATE:20260302');
    expect(ics).toContain('DTEND;VALUE=DATE:20260303');
    expect(ics).toContain('DTSTART;VALUE=DATE:20260309');
    expect(ics).not.toContain('20260220');
    expect(ics).not.toContain('20260304');
    expect(ics).not.toContain('20260305');
    expect(ics).toContain('SUMMARY:Visit Dr. Mir Feed at Lake\\, View\\; Clinic');
    expect(ics.split('\r\n').every((line) => Buffer.byteLength(line) <= 75)).toBe(true);

    // Wrong or missing token: 404, the same answer whatever is wrong.
    for (const path of ['/api/calendar/' + 'A'.repeat(43) + '.ics', '/api/calendar/nope.ics', feedPath(url).replace('.ics', '')]) {
      const res = await ctx.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Calendar feed not found.');
    }

    const rotated = await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: { cookie } });
    const newUrl = rotated.json<{ url: string }>().url;
    expect(newUrl).not.toBe(url);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(newUrl) })).statusCode).toBe(200);

    const revoked = await ctx.app.inject({ method: 'DELETE', url: '/api/medrep/calendar-feed', headers: { cookie } });
    expect(revoked.json()).toEqual({ active: false, createdAt: null });
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(newUrl) })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed' })).statusCode).toBe(401);
  });

  it('a deactivated rep’s feed stops answering', async () => {
    const rep = await createSubscribedRep(ctx.app.db);
    const cookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    const { url } = (await ctx.app.inject({ method: 'POST', url: '/api/medrep/calendar-feed', headers: { cookie } })).json<{ url: string }>();
    await ctx.app.db.update(medicalReps).set({ status: 'inactive' }).where(eq(medicalReps.id, rep.id));
    expect((await ctx.app.inject({ method: 'GET', url: feedPath(url) })).statusCode).toBe(404);
  });

  it('admin: each job with its schedule and last run (counts, status); admin session only', async () => {
    ctx.clock.set('2026-03-10T20:30:00.000Z');
    await runNightlyPurge({ app: ctx.app, now: ctx.clock.now() });
    const admin = await sessionCookie(ctx.app, 'admin', 0);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: admin } });
    expect(res.statusCode).toBe(200);
    const jobs = res.json().jobs as Array<{
      name: string;
      schedule: string;
      lastRun: null | { status: string; counts: Record<string, number>; startedAt: string };
    }>;
    expect(jobs.map((j) => j.name)).toEqual([
      'visit-close',
      'nightly-purge',
      'nightly-backup',
      'clinic-morning-list',
      'renewal-reminders',
      'evening-reminders',
      'waitlist-sweep',
    ]);
    const purge = jobs.find((j) => j.name === 'nightly-purge')!;
    expect(purge.schedule).toBe('Daily at 02:00 IST');
    expect(purge.lastRun).toMatchObject({ status: 'succeeded', startedAt: '2026-03-10T20:30:00.000Z', counts: { appointments: 0 } });
    expect(jobs.find((j) => j.name === 'evening-reminders')!.lastRun).toBeNull();

    const rep = await createSubscribedRep(ctx.app.db);
    const repCookie = await sessionCookie(ctx.app, 'medrep', rep.id);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: repCookie } })).statusCode).toBe(401);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
  });
});
