import { isOpenWaitlistStatus } from '../../../../shared/booking/waitlist';
import type { WaitlistEntry } from '../../../../shared/schemas/waitlist';

/** The rep's open entry for this doctor, clinic and date, if any (an offer that ran out is not: the rep may join again). */
export const openEntryFor = (entries: readonly WaitlistEntry[] | undefined, q: { doctorId: number; clinicId: number; date: string }) =>
  entries?.find((e) => isOpenWaitlistStatus(e.status) && e.doctorId === q.doctorId && e.clinicId === q.clinicId && e.date.slice(0, 10) === q.date);
