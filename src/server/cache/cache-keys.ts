// The keys a writer announces when it changes cached data (docs/decisions/016-keyed-read-caches.md). A key
// names what changed, not which cache holds it: each cache says which keys concern it (read-cache.ts).

export type AccountType = 'clinic' | 'medrep' | 'admin' | 'doctor' | 'company' | 'clinic-member';

export const cacheKey = {
  /** One session row (sign-out, a previous login's session ended). A login inserts a new key: nothing to say. */
  session: (tokenHash: string) => `session:${tokenHash}`,
  /** An account's row: status, terms, subscription, password (its sessions are then revoked too). */
  account: (type: AccountType, id: number) => `account:${type}:${id}`,
  /** What others see of a rep on a clinic's visitor list: name, company, phone. */
  repDetails: (repId: number) => `rep-details:${repId}`,
  /** A rep's appointments (booked, cancelled, deleted). */
  repAppointments: (repId: number) => `rep-appts:${repId}`,
  /** A doctor's appointments at a clinic on one date. */
  doctorDay: (clinicId: number, doctorId: number, date: string) => `doctor-day:${clinicId}:${doctorId}:${date}`,
  /** The days a clinic closed for a doctor. */
  closures: (clinicId: number, doctorId: number) => `closures:${clinicId}:${doctorId}`,
  /** One (clinic, doctor) link or its call settings; also what the directory shows of it (clinic, doctor, place). */
  link: (clinicId: number, doctorId: number) => `link:${clinicId}:${doctorId}`,
  /**
   * The bookable directory of one place (a clinic's state and city), one partition of it: a link of a clinic
   * there added, removed or its days saved, the clinic's status, name or place, a doctor's name or specialty
   * (docs/decisions/027-directory-partitions.md). A clinic moving city announces the old place and the new;
   * a change to a clinic announces its links too (admin-users.repo.ts `setAccountStatus`). The state
   * and city are free text, so they are escaped (no ':' inside a part).
   */
  place: (state: string, city: string) => `place:${encodeURIComponent(state)}:${encodeURIComponent(city)}`,
  /**
   * A clinic's or doctor's name or status as other caches show it (calendars, visit lists): they empty
   * themselves. The directory is told by `place` and `link`, which such a writer announces as well.
   */
  directory: () => 'directory',
  /**
   * Not a cache's key: messages were written to the outbox (or queued again), so its workers look now rather than
   * at their next safety poll (docs/decisions/078-outbox-wake.md). No cache hears it (cache-bus.ts `onSignal`).
   */
  outboxQueued: () => 'outbox',
  /** Everything (an account deleted with its cascades, the nightly purge, a seed). */
  everything: () => '*',
} as const;

export type ParsedKey = { kind: string; parts: string[] };

export function parseKey(key: string): ParsedKey {
  const [kind = '', ...parts] = key.split(':');
  return { kind, parts };
}

/** What a change to one appointment of (rep, clinic, doctor, date) touches: one rep, one doctor-day. */
export const appointmentKeys = (a: { repId: number; clinicId: number; doctorId: number; date: string }) => [
  cacheKey.repAppointments(a.repId),
  cacheKey.doctorDay(a.clinicId, a.doctorId, a.date),
];

/** The keys of an appointment row as a repo writer's RETURNING gives it (db/write.ts): its rep and its doctor-day. */
export const keysOfAppointment = (row: { repId: number; clinicId: number; doctorId: number; appointmentDate: string }) =>
  appointmentKeys({ repId: row.repId, clinicId: row.clinicId, doctorId: row.doctorId, date: row.appointmentDate });

/** The keys of a waitlist entry row: an offer holds a slot of its doctor-day, which the calendars count as taken. */
export const keysOfWaitlistEntry = (row: { clinicId: number; doctorId: number; date: string }) => [cacheKey.doctorDay(row.clinicId, row.doctorId, row.date)];
