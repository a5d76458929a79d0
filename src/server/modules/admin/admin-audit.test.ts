import { and, eq, gt, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { AdminAction } from '../../../shared/schemas/admin-team';
import { adminAuditLog, clinicDoctors, outbox, securityEvents } from '../../db/schema';
import { runNightlyPurge } from '../../jobs/nightly-purge.job';
import { recordSecurityEvent } from '../../plugins/security';
import { createAppointment, createClinic, createDoctor, createRep } from '../../test/factories';
import { describeEachDatabase, deliverOutbox } from '../../test/harness';
import { ADMIN_ENV, adminCookie, call, sessionCookieFrom, waitForJob } from './admin-test-support';
import { TEAM_PASSWORD, inviteAndEnrol, nextCode, signIn, signInWithCode, uniqueEmail, type Enrolled } from './admin-team.test-support';

// The audit trail (docs/decisions/042-admin-team.md): every admin act is one row naming the admin who acted, the
// record, the time and the address; rows are never changed and the nightly purge keeps them a year. And the Security
// tab: security events a page at a time with filters and counts over 24 hours and 30 days.

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describeEachDatabase(
  'admin audit trail',
  (ctx) => {
    let owner: Enrolled;
    let ownerCookie: string;
    let staff: Enrolled;
    let staffCookie: string;
    let ip = 0;

    /** Runs one act from a known address and answers the audit rows it wrote. */
    async function act(cookie: string, method: Method, url: string, body?: unknown) {
      const [{ last }] = (await ctx.app.db.select({ last: sql<number>`coalesce(max(${adminAuditLog.id}), 0)`.mapWith(Number) }).from(adminAuditLog)) as [
        { last: number },
      ];
      const from = `10.42.0.${++ip}`;
      const res = await call(ctx.app, method, url, { cookie, body, ip: from });
      expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
      const rows = await ctx.app.db.select().from(adminAuditLog).where(gt(adminAuditLog.id, last));
      return { res, rows, from };
    }
    const expectOneRow = (rows: Array<typeof adminAuditLog.$inferSelect>, o: { by: Enrolled; action: AdminAction; target: string | null; from: string }) => {
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ adminId: o.by.id, adminName: o.by.name, action: o.action, target: o.target, ip: o.from });
    };

    it('writes one row for every admin act, with the admin who acted', async () => {
      owner = await inviteAndEnrol(ctx, await adminCookie(ctx.app), { role: 'owner', name: 'Owner Olga' });
      ownerCookie = await signInWithCode(ctx, owner);
      staff = await inviteAndEnrol(ctx, ownerCookie, { role: 'staff', name: 'Staff Sami' });
      staffCookie = await signInWithCode(ctx, staff);

      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const rep = await createRep(ctx.app.db);
      const other = await createRep(ctx.app.db);
      const appointment = await createAppointment(ctx.app.db, {
        doctorId: doctor.id,
        clinicId: clinic.id,
        repId: rep.id,
        appointmentDate: '2026-03-05',
        status: 'booked',
      });
      const [link] = await ctx.app.db.select({ id: clinicDoctors.id }).from(clinicDoctors).where(eq(clinicDoctors.doctorId, doctor.id));

      let r = await act(staffCookie, 'PATCH', `/api/admin/users/${rep.id}/status`, { userType: 'medrep', status: 'inactive' });
      expectOneRow(r.rows, { by: staff, action: 'user_status_changed', target: `medrep:${rep.id}`, from: r.from });
      expect(r.rows[0]!.details).toEqual({ from: 'active', to: 'inactive' });
      r = await act(staffCookie, 'DELETE', `/api/admin/appointments/${appointment.id}`);
      expectOneRow(r.rows, { by: staff, action: 'appointment_deleted', target: `appointment:${appointment.id}`, from: r.from });
      r = await act(ownerCookie, 'DELETE', `/api/admin/doctors/${link!.id}`);
      expectOneRow(r.rows, { by: owner, action: 'doctor_deleted', target: `doctor_link:${link!.id}`, from: r.from });
      r = await act(ownerCookie, 'POST', '/api/admin/notifications', { message: 'Maintenance tonight' });
      expectOneRow(r.rows, { by: owner, action: 'broadcast_sent', target: `notification:${r.res.json().notification.id}`, from: r.from });
      r = await act(staffCookie, 'DELETE', '/api/admin/notifications/active');
      expect(r.rows[0]?.action).toBe('broadcast_withdrawn');
      expect(r.rows).toHaveLength(1);

      r = await act(staffCookie, 'POST', '/api/admin/send-bulk-email', {
        recipientIds: [other.id],
        subject: 'Hello',
        content: 'Hi {{name}}',
        templateType: 'custom',
      });
      const jobId = r.res.json().jobId as string;
      expectOneRow(r.rows, { by: staff, action: 'bulk_email_sent', target: `email_job:${jobId}`, from: r.from });
      await waitForJob(ctx.app, ownerCookie, jobId);
      // The e-mails of the send carry the name of the admin who sent it (the history's admin_user).
      const mails = await ctx.app.db.select({ adminUser: outbox.adminUser }).from(outbox).where(eq(outbox.jobId, jobId));
      expect(mails).toEqual([{ adminUser: 'Staff Sami' }]);
      r = await act(ownerCookie, 'POST', '/api/admin/send-reregistration-emails', { emails: [uniqueEmail('pending')] });
      expectOneRow(r.rows, { by: owner, action: 'reregistration_email_sent', target: `email_job:${r.res.json().jobId}`, from: r.from });

      r = await act(ownerCookie, 'GET', '/api/admin/users.csv?type=medrep');
      expectOneRow(r.rows, { by: owner, action: 'data_exported', target: 'export:medical-reps', from: r.from });
      r = await act(ownerCookie, 'DELETE', `/api/admin/users/${other.id}`, { userType: 'medrep' });
      expectOneRow(r.rows, { by: owner, action: 'user_deleted', target: `medrep:${other.id}`, from: r.from });
      r = await act(ownerCookie, 'POST', '/api/admin/restart-server');
      expectOneRow(r.rows, { by: owner, action: 'server_restarted', target: null, from: r.from });

      const email = uniqueEmail('newcomer');
      r = await act(ownerCookie, 'POST', '/api/admin/admins', { name: 'New Comer', email, role: 'staff' });
      const newcomer = r.res.json().admin.id as number;
      expectOneRow(r.rows, { by: owner, action: 'admin_invited', target: `admin:${newcomer}`, from: r.from });
      r = await act(ownerCookie, 'PATCH', `/api/admin/admins/${staff.id}`, { active: false });
      expectOneRow(r.rows, { by: owner, action: 'admin_deactivated', target: `admin:${staff.id}`, from: r.from });
      r = await act(ownerCookie, 'PATCH', `/api/admin/admins/${staff.id}`, { active: true });
      expectOneRow(r.rows, { by: owner, action: 'admin_reactivated', target: `admin:${staff.id}`, from: r.from });
      r = await act(ownerCookie, 'POST', `/api/admin/admins/${staff.id}/reset-two-factor`);
      expectOneRow(r.rows, { by: owner, action: 'two_factor_reset', target: `admin:${staff.id}`, from: r.from });
      r = await act(ownerCookie, 'POST', '/api/admin/logout');
      expectOneRow(r.rows, { by: owner, action: 'sign_out', target: null, from: r.from });
    });

    it('writes sign-ins and failed sign-ins as audit rows and as security events', async () => {
      const before = (await ctx.app.db.select().from(adminAuditLog)).length;
      const failed = await signIn(ctx, { email: owner.email, password: TEAM_PASSWORD, code: '000000' }, { ip: '10.43.0.1' });
      expect(failed.statusCode).toBe(401);
      const ok = await signIn(ctx, { email: owner.email, password: TEAM_PASSWORD, code: nextCode(ctx, owner.secret) }, { ip: '10.43.0.2' });
      ownerCookie = sessionCookieFrom(ok);
      const unknown = await signIn(ctx, { email: 'stranger@example.com', password: TEAM_PASSWORD, code: '123456' }, { ip: '10.43.0.3' });
      expect(unknown.statusCode).toBe(401);
      const rows = (await ctx.app.db.select().from(adminAuditLog)).slice(before);
      expect(rows.map((x) => [x.action, x.adminId, x.adminName, x.ip, (x.details as { reason?: string }).reason])).toEqual([
        ['sign_in_failed', owner.id, owner.name, '10.43.0.1', 'wrong_code'],
        ['sign_in', owner.id, owner.name, '10.43.0.2', undefined],
        ['sign_in_failed', null, 'stranger@example.com', '10.43.0.3', 'unknown_email'],
      ]);
      const events = await ctx.app.db
        .select({ type: securityEvents.eventType, userId: securityEvents.userId })
        .from(securityEvents)
        .where(sql`${securityEvents.ipAddress} like '10.43.0.%'`)
        .orderBy(securityEvents.id);
      expect(events).toEqual([
        { type: 'admin_login_failed', userId: owner.id },
        { type: 'admin_login_success', userId: owner.id },
        { type: 'admin_login_failed', userId: null },
      ]);
    });

    it('lists the trail newest first, a page at a time, filtered by admin and by action', async () => {
      const all = await ctx.app.db
        .select({ id: adminAuditLog.id })
        .from(adminAuditLog)
        .orderBy(sql`${adminAuditLog.id} desc`);
      const seen: number[] = [];
      let cursor: string | null = null;
      do {
        const page = await call(ctx.app, 'GET', `/api/admin/audit?limit=4${cursor ? `&cursor=${cursor}` : ''}`, { cookie: ownerCookie });
        expect(page.statusCode).toBe(200);
        const body = page.json<{ entries: Array<{ id: number }>; nextCursor: string | null }>();
        expect(body.entries.length).toBeLessThanOrEqual(4);
        seen.push(...body.entries.map((e) => e.id));
        cursor = body.nextCursor;
      } while (cursor);
      // Reading the list wrote nothing, and every row came once, in order.
      expect(seen).toEqual(all.map((a) => a.id));

      const byStaff = await call(ctx.app, 'GET', `/api/admin/audit?adminId=${staff.id}`, { cookie: ownerCookie });
      const staffEntries = byStaff.json().entries as Array<{ adminId: number; adminName: string; action: string; at: string }>;
      expect(staffEntries.length).toBeGreaterThan(3);
      expect(staffEntries.every((e) => e.adminId === staff.id && e.adminName === 'Staff Sami')).toBe(true);
      const deletes = (await call(ctx.app, 'GET', '/api/admin/audit?action=user_deleted', { cookie: ownerCookie })).json().entries;
      expect(deletes).toEqual([expect.objectContaining({ action: 'user_deleted', adminId: owner.id, adminName: 'Owner Olga', at: expect.any(String) })]);
      // The single-password session invited the first owner: its rows are adminId 0, 'Administrator'.
      const single = (await call(ctx.app, 'GET', '/api/admin/audit?adminId=0&action=admin_invited', { cookie: ownerCookie })).json().entries;
      expect(single).toEqual([expect.objectContaining({ adminName: 'Administrator', target: `admin:${owner.id}` })]);
      expect((await call(ctx.app, 'GET', '/api/admin/audit?action=nope', { cookie: ownerCookie })).statusCode).toBe(400);
      expect((await call(ctx.app, 'GET', '/api/admin/audit?cursor=bm90LWEtY3Vyc29y', { cookie: ownerCookie })).json().code).toBe('invalid_cursor');
    });

    it('never changes a row; the nightly purge keeps a year and removes only what is older than 400 days', async () => {
      await expect(ctx.app.db.update(adminAuditLog).set({ adminName: 'someone else' })).rejects.toThrow();
      await expect(ctx.app.db.delete(adminAuditLog)).rejects.toThrow();
      await expect(ctx.app.db.execute(sql`truncate admin_audit_log`)).rejects.toThrow();
      const now = ctx.clock.now();
      const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
      await ctx.app.db.insert(adminAuditLog).values([
        { adminId: owner.id, adminName: 'kept a year', action: 'sign_in', at: daysAgo(366) },
        { adminId: owner.id, adminName: 'past 400 days', action: 'sign_in', at: daysAgo(401) },
      ]);
      const count = async () => (await ctx.app.db.select().from(adminAuditLog)).length;
      const before = await count();
      const outcome = await runNightlyPurge({ app: ctx.app, now });
      expect(outcome.status).toBe('succeeded');
      expect(outcome.counts).toMatchObject({ adminAuditRows: 1 });
      expect(await count()).toBe(before - 1);
      const names = (await ctx.app.db.select({ n: adminAuditLog.adminName }).from(adminAuditLog)).map((x) => x.n);
      expect(names).toContain('kept a year');
      expect(names).not.toContain('past 400 days');
      // The purge's permission ended with its transaction.
      await expect(ctx.app.db.delete(adminAuditLog).where(eq(adminAuditLog.adminName, 'kept a year'))).rejects.toThrow();

      // An app clock two years ahead of the database's: a row 401 days old by the app is young to the trigger. It
      // stays, and the rest of the purge still runs.
      const later = new Date(Date.now() + 730 * 86_400_000);
      await ctx.app.db
        .insert(adminAuditLog)
        .values({ adminId: owner.id, adminName: 'old only by the app clock', action: 'sign_in', at: new Date(later.getTime() - 401 * 86_400_000) });
      const ahead = await runNightlyPurge({ app: ctx.app, now: later });
      expect(ahead.error).toBeUndefined();
      expect(ahead.status).toBe('succeeded');
      expect((await ctx.app.db.select({ n: adminAuditLog.adminName }).from(adminAuditLog)).map((x) => x.n)).toContain('old only by the app clock');
    });
  },
  ADMIN_ENV,
);

describeEachDatabase(
  'admin security events tab',
  (ctx) => {
    it('lists security events newest first with filters, and counts them by type and level over 24 hours and 30 days', async () => {
      const cookie = await adminCookie(ctx.app);
      const now = ctx.clock.now().getTime();
      const at = (hoursAgo: number) => ({ now: () => new Date(now - hoursAgo * 3_600_000) });
      const write = (hoursAgo: number, eventType: string, threatLevel: 'low' | 'medium' | 'high' | 'critical', blocked = false) =>
        recordSecurityEvent({ db: ctx.app.db, clock: at(hoursAgo), log: ctx.app.log }, null, { eventType, threatLevel, blocked });
      for (let i = 0; i < 3; i++) await write(1 + i, 'rate_limited', 'high', true);
      await write(5, 'admin_login_failed', 'medium');
      for (let i = 0; i < 2; i++) await write(24 * 10, 'csrf_origin_refused', 'medium', true);
      await write(24 * 40, 'admin_login_failed', 'critical');

      const first = await call(ctx.app, 'GET', '/api/admin/security-events?limit=4', { cookie });
      expect(first.statusCode).toBe(200);
      const body = first.json();
      expect(body.events.map((e: { eventType: string }) => e.eventType)).toEqual([
        'admin_login_failed',
        'csrf_origin_refused',
        'csrf_origin_refused',
        'admin_login_failed',
      ]);
      expect(body.counts.last24h).toEqual({
        total: 4,
        blocked: 3,
        byType: [
          { type: 'rate_limited', count: 3 },
          { type: 'admin_login_failed', count: 1 },
        ],
        byLevel: { low: 0, medium: 1, high: 3, critical: 0 },
      });
      expect(body.counts.last30d).toEqual({
        total: 6,
        blocked: 5,
        byType: [
          { type: 'rate_limited', count: 3 },
          { type: 'csrf_origin_refused', count: 2 },
          { type: 'admin_login_failed', count: 1 },
        ],
        byLevel: { low: 0, medium: 3, high: 3, critical: 0 },
      });
      const second = await call(ctx.app, 'GET', `/api/admin/security-events?limit=4&cursor=${body.nextCursor}`, { cookie });
      expect(second.json().events).toHaveLength(3);
      expect(second.json().nextCursor).toBeNull();
      // Later pages carry no counts (they are the first page's, like a list's total).
      expect(second.json().counts).toBeUndefined();

      const high = (await call(ctx.app, 'GET', '/api/admin/security-events?level=high', { cookie })).json().events;
      expect(high).toHaveLength(3);
      expect(high.every((e: { threatLevel: string; blocked: boolean }) => e.threatLevel === 'high' && e.blocked)).toBe(true);
      const failed = (await call(ctx.app, 'GET', '/api/admin/security-events?type=admin_login_failed&level=critical', { cookie })).json().events;
      expect(failed).toEqual([expect.objectContaining({ eventType: 'admin_login_failed', threatLevel: 'critical' })]);
      expect((await call(ctx.app, 'GET', '/api/admin/security-events?level=severe', { cookie })).statusCode).toBe(400);
      // The filters read indexes: listing does not add events of its own.
      const total = await ctx.app.db
        .select()
        .from(securityEvents)
        .where(and(eq(securityEvents.eventType, 'rate_limited')));
      expect(total).toHaveLength(3);
      await deliverOutbox(ctx);
    });
  },
  ADMIN_ENV,
);
