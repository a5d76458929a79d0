import { describe, expect, it } from 'vitest';
import { backupFileName, backupsToPrune } from './backup';

// The nightly job keeps the newest backup of each of the last 7 days and of each of the last 4 weeks (docs/decisions/060).

const nightly = (days: number) => Array.from({ length: days }, (_, i) => ({ at: new Date(Date.parse('2026-03-31T21:00:00.000Z') - i * 86_400_000) })); // 02:30 IST

describe('backup retention', () => {
  it('keeps 7 daily and 4 weekly backups (the weeks counted from this one) out of 60 nights', () => {
    const all = nightly(60);
    const pruned = new Set(backupsToPrune(all, { keepDaily: 7, keepWeekly: 4 }));
    const kept = all.filter((b) => !pruned.has(b)).map((b) => b.at.toISOString());
    // Newest first: 26 March to 1 April (IST) daily; weekly, the newest of the last 4 weeks (this one's is 1 April, the
    // week before's Sunday 29 March, both daily already), so 22 and 15 March more.
    expect(kept).toEqual([
      '2026-03-31T21:00:00.000Z',
      '2026-03-30T21:00:00.000Z',
      '2026-03-29T21:00:00.000Z',
      '2026-03-28T21:00:00.000Z',
      '2026-03-27T21:00:00.000Z',
      '2026-03-26T21:00:00.000Z',
      '2026-03-25T21:00:00.000Z',
      '2026-03-21T21:00:00.000Z',
      '2026-03-14T21:00:00.000Z',
    ]);
  });

  it('keeps the newest of two backups taken on one day, and deletes nothing while there are few', () => {
    const morning = { at: new Date('2026-03-02T04:30:00.000Z') };
    const night = { at: new Date('2026-03-01T21:00:00.000Z') }; // 02:30 IST on 2 March too
    expect(backupsToPrune([night, morning], { keepDaily: 7, keepWeekly: 4 })).toEqual([night]);
    expect(backupsToPrune(nightly(3), { keepDaily: 7, keepWeekly: 4 })).toEqual([]);
  });

  it('names a backup by the moment it was taken', () => {
    expect(backupFileName(new Date('2026-03-02T04:30:05.123Z'))).toBe('repvisit-2026-03-02T04-30-05Z.tar.gz');
  });
});
