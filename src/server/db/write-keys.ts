import { eq } from 'drizzle-orm';
import { cacheKey } from '../cache/cache-keys';
import { clinicUsers, doctorAppointments, waitlistEntries } from './schema';
import type { Write } from './write';

// The RETURNING columns a repo writer asks for to name the cache keys of the rows it wrote (cache-keys.ts `keysOf*`,
// docs/decisions/062-one-write-path.md): one list per cached table, so a writer cannot leave out a column a key needs.

/** An appointment's rep and doctor-day (`keysOfAppointment`). */
export const appointmentKeyColumns = {
  repId: doctorAppointments.repId,
  clinicId: doctorAppointments.clinicId,
  doctorId: doctorAppointments.doctorId,
  appointmentDate: doctorAppointments.appointmentDate,
};

/** A waitlist entry's doctor-day (`keysOfWaitlistEntry`). */
export const waitlistEntryKeyColumns = { clinicId: waitlistEntries.clinicId, doctorId: waitlistEntries.doctorId, date: waitlistEntries.date };

/**
 * The keys of a (clinic, doctor) link or its settings row: the link, and the directory partition of the clinic's place
 * (cache-keys.ts `place`), read in the write's snapshot.
 */
export async function linkKeys(w: Write, o: { clinicId: number; doctorId: number }): Promise<string[]> {
  const [place] = await w.select({ state: clinicUsers.state, city: clinicUsers.city }).from(clinicUsers).where(eq(clinicUsers.id, o.clinicId));
  return [cacheKey.link(o.clinicId, o.doctorId), ...(place ? [cacheKey.place(place.state, place.city)] : [])];
}
