import { defineReadCache } from '../../cache/read-cache';
import { groupRows } from '../../db/query-tools';
import type { Deps } from '../../deps';
import { listClosuresOf } from './day-closures.repo';

// Days a clinic closed for a doctor, as the calendar reads them (docs/decisions/016-keyed-read-caches.md):
// every closure of a (clinic, doctor), kept until the clinic closes another day. Closures are few (a day
// now and then, and the nightly purge keeps the retention period): ~100 bytes an entry.

type Pair = readonly [number, number];
const pairKey = ([c, d]: Pair) => `${c}:${d}`;

const closuresCache = defineReadCache<Pair, string[]>({
  name: 'day closures',
  max: 100_000,
  keyOf: pairKey,
  invalidatedBy: { closures: ([c, d]) => `${c}:${d}` },
  missing: [],
  loadMany: async (db, pairs) =>
    groupRows(
      await listClosuresOf(db, pairs),
      (r) => `${r.clinicId}:${r.doctorId}`,
      (r) => r.date,
    ),
});

/** The dates from `from` to `to` (inclusive) the clinic closed for the doctor. */
export async function readClosedDates(deps: Pick<Deps, 'db'>, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<string[]> {
  return (await closuresCache.read(deps.db, [o.clinicId, o.doctorId])).filter((d) => d >= o.from && d <= o.to);
}
