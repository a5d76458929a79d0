import { and, asc, eq, gte, lte } from 'drizzle-orm';
import { defineReadCache, groupRows, hasChangeFeed } from '../../db/change-feed';
import type { DbOrTx, Tx } from '../../db/client';
import { doctorDayClosures } from '../../db/schema';
import { addDays, todayInIndia } from '../../../shared/dates';

// Days a clinic closed for one doctor ("Cancel Today's Calls"): no new booking there that date. Written and
// read under lockDoctorDay, so a booking either commits before the closure (and is cancelled with the day's
// calls) or sees it (docs/decisions/007-clinic-doctors-and-day-cancellation.md).

/** Closes the doctor's day at the clinic; closing it again keeps the first reason. Run under lockDoctorDay. */
export async function closeDoctorDay(tx: Tx, o: { clinicId: number; doctorId: number; date: string; reason: string; now: Date }): Promise<void> {
  await tx
    .insert(doctorDayClosures)
    .values({ clinicId: o.clinicId, doctorId: o.doctorId, closedDate: o.date, reason: o.reason, createdAt: o.now })
    .onConflictDoNothing({ target: [doctorDayClosures.clinicId, doctorDayClosures.doctorId, doctorDayClosures.closedDate] });
}

/** The dates from `from` to `to` (inclusive) the clinic closed for the doctor. */
export async function listClosedDates(db: DbOrTx, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<string[]> {
  // Closures are few: each instance keeps every closure of the last weeks and ahead in one snapshot until a
  // day is closed (issue 10, db/change-feed.ts). Older ranges, and reads inside a transaction, go to the database.
  if (!hasChangeFeed(db)) return queryClosedDates(db, o);
  const snapshot = await closuresCache.read(db, '', () => loadRecentClosures(db));
  if (o.from < snapshot.floor) return queryClosedDates(db, o);
  return (snapshot.byLink.get(`${o.clinicId}:${o.doctorId}`) ?? []).filter((d) => d >= o.from && d <= o.to);
}

type ClosuresSnapshot = { floor: string; byLink: Map<string, string[]> };
const closuresCache = defineReadCache<ClosuresSnapshot>({ tables: ['doctor_day_closures'], maxEntries: 1 });

async function loadRecentClosures(db: DbOrTx): Promise<ClosuresSnapshot> {
  const floor = addDays(todayInIndia(new Date()), -45);
  const rows = await db
    .select({ clinicId: doctorDayClosures.clinicId, doctorId: doctorDayClosures.doctorId, date: doctorDayClosures.closedDate })
    .from(doctorDayClosures)
    .where(gte(doctorDayClosures.closedDate, floor))
    .orderBy(asc(doctorDayClosures.closedDate));
  return { floor, byLink: groupRows(rows, (r) => `${r.clinicId}:${r.doctorId}`, (r) => r.date) };
}

async function queryClosedDates(db: DbOrTx, o: { clinicId: number; doctorId: number; from: string; to: string }): Promise<string[]> {
  const rows = await db
    .select({ date: doctorDayClosures.closedDate })
    .from(doctorDayClosures)
    .where(
      and(
        eq(doctorDayClosures.clinicId, o.clinicId),
        eq(doctorDayClosures.doctorId, o.doctorId),
        gte(doctorDayClosures.closedDate, o.from),
        lte(doctorDayClosures.closedDate, o.to),
      ),
    )
    .orderBy(asc(doctorDayClosures.closedDate));
  return rows.map((r) => r.date);
}
