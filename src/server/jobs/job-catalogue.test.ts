import { Cron } from 'croner';
import { describe, expect, it } from 'vitest';
import { JOBS, JOB_TIMEZONE } from './job-catalogue';

// The schedules are Indian times (IST, UTC+5:30), whatever the server's own time zone.

describe('job schedules', () => {
  it('fire at 00:10, 02:00, 02:30, 07:00, 09:00 and 18:00 IST, and the waitlist sweep every minute', () => {
    const from = new Date('2026-03-02T00:00:00.000Z'); // 05:30 IST
    const next = Object.fromEntries(
      JOBS.map((job) => {
        const cron = new Cron(job.cron, { timezone: JOB_TIMEZONE, paused: true });
        const at = cron.nextRun(from)!.toISOString();
        cron.stop();
        return [job.name, at];
      }),
    );
    expect(next).toEqual({
      'visit-close': '2026-03-02T18:40:00.000Z', // 03/03 00:10 IST
      'nightly-purge': '2026-03-02T20:30:00.000Z', // 03/03 02:00 IST
      'nightly-backup': '2026-03-02T21:00:00.000Z', // 03/03 02:30 IST
      'clinic-morning-list': '2026-03-02T01:30:00.000Z',
      'renewal-reminders': '2026-03-02T03:30:00.000Z',
      'evening-reminders': '2026-03-02T12:30:00.000Z',
      'waitlist-sweep': '2026-03-02T00:01:00.000Z',
    });
  });
});

describe('catching up a missed occurrence at start', () => {
  it('runs the last occurrence when no run followed it and it is recent enough', async () => {
    const { missedOccurrence } = await import('./scheduler');
    const evening = JOBS.find((j) => j.name === 'evening-reminders')!;
    const cron = new Cron(evening.cron, { timezone: JOB_TIMEZONE, paused: true });
    const at2130 = new Date('2026-03-02T16:00:00.000Z'); // 21:30 IST
    const previous = cron.previousRuns(1, at2130)[0]!;
    expect(previous.toISOString()).toBe('2026-03-02T12:30:00.000Z');
    expect(missedOccurrence({ previous, lastRunAt: null, now: at2130, catchUpHours: evening.catchUpHours })).toEqual(previous);
    expect(missedOccurrence({ previous, lastRunAt: new Date('2026-03-02T12:30:00.000Z'), now: at2130, catchUpHours: 5 })).toBeNull();
    expect(missedOccurrence({ previous, lastRunAt: new Date('2026-03-01T12:30:00.000Z'), now: at2130, catchUpHours: 5 })).toEqual(previous);
    // After midnight IST "tomorrow" is another day: too late for yesterday evening's reminders.
    const after = new Date('2026-03-02T19:00:00.000Z'); // 00:30 IST
    expect(missedOccurrence({ previous, lastRunAt: null, now: after, catchUpHours: evening.catchUpHours })).toBeNull();
    cron.stop();
  });
});
