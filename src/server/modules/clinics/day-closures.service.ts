import { cacheKey } from '../../cache/cache-keys';
import { defineReadCache } from '../../cache/read-cache';
import { groupRows } from '../../db/query-tools';
import type { Deps } from '../../deps';
import { addDays, todayInIndia } from '../../../shared/dates';
import { listClosedDates, listClosuresFrom } from './day-closures.repo';

// Days a clinic closed for a doctor, as the calendar reads them (docs/decisions/016-keyed-read-caches.md):
// per (clinic, doctor), the closures from a few weeks back on, until the clinic closes another day. Closures
// are few; ~100 bytes an entry.

type Recent = { floor: string; dates: string[] };
type Pair = readonly [number, number];
const pairKey = ([c, d]: Pair) => `${c}:${d}`;

const closuresCache = defineReadCache<Pair, Recent>({
  name: 'day closures',
  max: 100_000,
  keyOf: pairKey,
  invalidatedBy: { closures: ([c, d]) => `${c}:${d}` },
  missing: { floor: '', dates: [] },
  loadMany: async (db, pairs) => {
    // The calendar shows this month and the next: 45 days back covers any month it asks for from today on.
    const floor = addDays(todayInIndia(new Date()), -45);
    const byPair = groupRows(await listClosuresFrom(db, { pairs, from: floor }), (r) => `${r.clinicId}:${r.doctorId}`, (r) => r.date);
    return new Map(pairs.map((p) => [pairKey(p), { floor, dates: byPair.get(pairKey(p)) ?? [] }]));
  },
});

/** The dates from `from` to `to` (inclusive) the clinic closed for the doctor; an older range is read directly. */
export async function readClosedDates(deps: Pick<Deps, 'db'>, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<string[]> {
  const recent = await closuresCache.read(deps.db, [o.clinicId, o.doctorId]);
  if (o.from < recent.floor || recent.floor === '') return listClosedDates(deps.db, o);
  return recent.dates.filter((d) => d >= o.from && d <= o.to);
}

/** The key a closure of the doctor's day at the clinic changes. */
export const closureKey = (o: { clinicId: number; doctorId: number }) => cacheKey.closures(o.clinicId, o.doctorId);
