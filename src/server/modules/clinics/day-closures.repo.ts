import type { Write } from '../../db/write';
import { cacheKey } from '../../cache/cache-keys';
import { doctorDayClosures } from '../../db/schema';

// Days a clinic closed for one doctor ("Cancel Today's Calls"): no new booking there that date. Written and
// read under lockDoctorDay, so a booking either commits before the closure (and is cancelled with the day's
// calls) or sees it (docs/decisions/007-clinic-doctors-and-day-cancellation.md).

/** Closes the doctor's day at the clinic; closing it again keeps the first reason. Run under lockDoctorDay. */
export async function closeDoctorDay(tx: Write, o: { clinicId: number; doctorId: number; date: string; reason: string; now: Date }): Promise<void> {
  const rows = await tx
    .insert(doctorDayClosures)
    .values({ clinicId: o.clinicId, doctorId: o.doctorId, closedDate: o.date, reason: o.reason, createdAt: o.now })
    .onConflictDoNothing({ target: [doctorDayClosures.clinicId, doctorDayClosures.doctorId, doctorDayClosures.closedDate] })
    .returning({ clinicId: doctorDayClosures.clinicId, doctorId: doctorDayClosures.doctorId, date: doctorDayClosures.closedDate });
  for (const r of rows) tx.changed(cacheKey.closures(r.clinicId, r.doctorId), cacheKey.doctorDay(r.clinicId, r.doctorId, r.date));
}
