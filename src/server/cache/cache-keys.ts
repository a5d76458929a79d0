// The keys a writer announces when it changes cached data (docs/decisions/016-keyed-read-caches.md). A key
// names what changed, not which cache holds it: each cache says which keys concern it (read-cache.ts).

export type AccountType = 'clinic' | 'medrep' | 'admin';

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
  /** One (clinic, doctor) link or its call settings. */
  link: (clinicId: number, doctorId: number) => `link:${clinicId}:${doctorId}`,
  /**
   * Anything else the bookable directory shows: a clinic's name, place or status, a doctor's name or
   * specialty. One key today (the directory is one snapshot); a partition key (state) can replace it.
   */
  directory: () => 'directory',
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
