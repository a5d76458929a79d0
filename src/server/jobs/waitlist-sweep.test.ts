import { eq } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { jobRuns, waitlistEntries } from '../db/schema';
import { createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { describeEachDatabase } from '../test/harness';
import { runWaitlistSweep } from './waitlist-sweep.job';

// The every-minute sweep (docs/decisions/043) shows the admin when it last ran even when it found nothing to do, yet
// job_runs does not grow by a row a minute: the latest idle run is one row per job, updated in place (docs/decisions/056).

const IDLE = { expiredPast: 0, expiredOffers: 0, offered: 0 };

describeEachDatabase(
  'the waitlist sweep in the job history',
  (ctx) => {
    const sweep = () => runWaitlistSweep({ app: ctx.app, now: ctx.clock.now() });
    const rows = () => ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, 'waitlist-sweep')).orderBy(jobRuns.id);
    const lastRun = async () => {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: { cookie: await sessionCookie(ctx.app, 'admin', 0) } });
      expect(res.statusCode).toBe(200);
      return (res.json().jobs as Array<{ name: string; lastRun: unknown }>).find((j) => j.name === 'waitlist-sweep')!.lastRun;
    };

    it('an idle run is the last run the admin sees; idle runs share one row; runs that did work are kept', async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      const first = await sweep();
      expect(first).toMatchObject({ status: 'succeeded', counts: IDLE });
      expect(await lastRun()).toEqual({
        startedAt: '2026-03-02T04:30:00.000Z',
        finishedAt: expect.any(String),
        status: 'succeeded',
        counts: IDLE,
        error: null,
      });

      // An hour of idle minutes: still the one row, now saying the last of them.
      for (let i = 0; i < 60; i++) {
        ctx.clock.advanceMinutes(1);
        expect(await sweep()).toMatchObject({ status: 'succeeded', runId: first.runId });
      }
      expect(await rows()).toHaveLength(1);
      expect(await lastRun()).toMatchObject({ startedAt: '2026-03-02T05:30:00.000Z', counts: IDLE });
      // Another instance firing in the same minute finds it ran and skips.
      expect(await sweep()).toMatchObject({ status: 'skipped' });

      // A run that closes a past day's place keeps its own row, and is the last run until the next idle one.
      const clinic = await createClinic(ctx.app.db);
      const doctor = await createDoctor(ctx.app.db, clinic.id);
      const rep = await createSubscribedRep(ctx.app.db);
      await ctx.app.db.insert(waitlistEntries).values({ repId: rep.id, doctorId: doctor.id, clinicId: clinic.id, date: '2026-03-01' });
      ctx.clock.advanceMinutes(1);
      const worked = await sweep();
      expect(worked).toMatchObject({ status: 'succeeded', counts: { ...IDLE, expiredPast: 1 } });
      expect(worked.runId).not.toBe(first.runId);
      expect(await lastRun()).toMatchObject({ startedAt: '2026-03-02T05:31:00.000Z', counts: { ...IDLE, expiredPast: 1 } });

      ctx.clock.advanceMinutes(1);
      expect(await sweep()).toMatchObject({ status: 'succeeded', runId: first.runId });
      expect(await lastRun()).toMatchObject({ startedAt: '2026-03-02T05:32:00.000Z', counts: IDLE });
      expect((await rows()).map((r) => ({ id: r.id, counts: r.counts }))).toEqual([
        { id: first.runId, counts: IDLE },
        { id: worked.runId, counts: { ...IDLE, expiredPast: 1 } },
      ]);
    });
  },
  { pooler: true },
);
