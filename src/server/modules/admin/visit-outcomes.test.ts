import { randomBytes } from 'node:crypto';
import { expect, it } from 'vitest';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { ADMIN_ENV, adminCookie, call } from './admin-test-support';

// What the admin sees of visits' outcomes (docs/decisions/041): the Appointments filter takes No-show, and the
// Analytics give the completion and no-show rates of the last 30 days before today. The suite's database is its own,
// so the rates count only the visits made here.

const TODAY = '2026-03-02'; // the test clock's Monday

describeEachDatabase(
  'admin: no-shows in the Appointments filter, completion and no-show rates',
  (ctx) => {
    it('filters appointments by no_show on the server, in the list and its CSV; refuses an unknown status naming the five', async () => {
      const cookie = await adminCookie(ctx.app);
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id, { name: `Dr. Filter ${randomBytes(3).toString('hex')}` });
      const visit = async (status: string) =>
        createAppointment(ctx.app.db, {
          doctorId: doctor.id,
          clinicId: clinic.id,
          repId: (await createSubscribedRep(ctx.app.db)).id,
          appointmentDate: '2026-02-20',
          status,
        });
      const missed = await visit('no_show');
      await visit('completed');
      await visit('booked');
      const q = `doctor=${encodeURIComponent(doctor.name)}`;
      const res = await call(ctx.app, 'GET', `/api/admin/appointments?${q}&status=no_show`, { cookie });
      expect(res.statusCode).toBe(200);
      expect(res.json().appointments.map((a: { id: number; status: string }) => [a.id, a.status])).toEqual([[missed.id, 'no_show']]);
      expect(res.json().total).toEqual({ count: 1, exact: true });
      const csv = await call(ctx.app, 'GET', `/api/admin/appointments.csv?${q}&status=no_show`, { cookie });
      expect(csv.statusCode).toBe(200);
      expect(csv.body.trim().split('\n')).toHaveLength(2);
      const bad = await call(ctx.app, 'GET', '/api/admin/appointments?status=lost', { cookie });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('Status must be booked, confirmed, completed, no_show or cancelled');
    });

    it('gives the completion and no-show rates of the visits dated in the 30 days before today, cancelled ones left out', async () => {
      const cookie = await adminCookie(ctx.app);
      const before = (await call(ctx.app, 'GET', '/api/admin/analytics', { cookie })).json().visitOutcomes;
      expect(before).toMatchObject({ from: '2026-01-31', to: '2026-03-01' });

      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id, { settings: { maxSlots: 20 } });
      const clinicCookie = await sessionCookie(ctx.app, 'clinic', clinic.id);
      const visit = async (appointmentDate: string, status = 'booked') =>
        createAppointment(ctx.app.db, { doctorId: doctor.id, clinicId: clinic.id, repId: (await createSubscribedRep(ctx.app.db)).id, appointmentDate, status });
      // In the period: two marked through the clinic's call, one completed on its first day, one no-show, one never marked.
      const marked = [await visit('2026-02-27'), await visit('2026-03-01', 'confirmed')];
      await visit('2026-01-31', 'completed');
      await visit('2026-02-10', 'no_show');
      await visit('2026-02-11');
      // Left out: cancelled, today's (still being marked), and the day before the period.
      await visit('2026-02-12', 'cancelled');
      await visit(TODAY, 'completed');
      await visit('2026-01-30', 'completed');
      for (const [v, status] of [
        [marked[0]!, 'completed'],
        [marked[1]!, 'no_show'],
      ] as const) {
        const res = await ctx.app.inject({
          method: 'POST',
          url: `/api/clinic/appointments/${v.id}/status`,
          headers: { cookie: clinicCookie },
          payload: { status },
        });
        expect(res.statusCode).toBe(200);
      }

      const res = await call(ctx.app, 'GET', '/api/admin/analytics', { cookie });
      expect(res.statusCode).toBe(200);
      const visits = before.visits + 5;
      const completed = before.completed + 2;
      const noShow = before.noShow + 2;
      expect(res.json().visitOutcomes).toEqual({
        from: '2026-01-31',
        to: '2026-03-01',
        visits,
        completed,
        noShow,
        completionRate: completed / visits,
        noShowRate: noShow / visits,
      });

      // A period without visits has no rates (not 0%).
      ctx.clock.set('2030-06-01T04:30:00.000Z');
      const empty = (await call(ctx.app, 'GET', '/api/admin/analytics', { cookie: await adminCookie(ctx.app) })).json().visitOutcomes;
      expect(empty).toEqual({ from: '2030-05-02', to: '2030-05-31', visits: 0, completed: 0, noShow: 0, completionRate: null, noShowRate: null });
      ctx.clock.set('2026-03-02T04:30:00.000Z');
    });
  },
  ADMIN_ENV,
);
