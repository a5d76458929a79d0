import type { Deps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { assertSelf } from '../../plugins/auth';
import type { Actor } from '../auth/sessions.service';
import { defineReadCache, EVERY_ENTRY } from '../../cache/read-cache';
import { findLinkedDoctor, findLinkedDoctors, type LinkedDoctor } from './access.repo';

/** What the clinic services use of the app. */
export type ClinicDeps = Deps;

export const DOCTOR_NOT_FOUND = /*i18n*/ 'Doctor not found';

/** Every clinicId in a request must be the signed-in clinic's own (403 otherwise). */
export function assertOwnClinic(actor: Actor, clinicId: number): void {
  assertSelf(actor, 'clinic', clinicId);
}

type Pair = readonly [number, number];

/**
 * Which doctors are linked to which clinic, read on every clinic call: kept per (clinic, doctor) until the
 * link changes or a doctor's name does ('directory': rare) (docs/decisions/016-keyed-read-caches.md). Inside
 * a transaction it is read from the database. ~150 bytes an entry.
 */
const linkedDoctorCache = defineReadCache<Pair, LinkedDoctor | null>({
  name: 'linked doctors',
  // 295-585 bytes an entry on the heap (two runs, 2026-12-03 at 10x, scripts/measure-cache-memory.ts): ~7,000 links.
  max: 7000,
  maxBytes: 4 * 2 ** 20,
  sizeOf: () => 600,
  keyOf: ([c, d]) => `${c}:${d}`,
  invalidatedBy: { link: ([c, d]) => `${c}:${d}`, directory: () => EVERY_ENTRY },
  missing: null,
  loadOne: (db, [c, d]) => findLinkedDoctor(db, c, d),
  loadMany: async (db, pairs) => {
    const rows = await findLinkedDoctors(db, pairs);
    return new Map(rows.map(({ clinicId, ...doctor }) => [`${clinicId}:${doctor.id}`, doctor]));
  },
});

/** Every doctorId must be linked to the clinic (404 otherwise: another clinic's doctors are not shown to exist). */
export async function requireLinkedDoctor(db: DbOrTx, clinicId: number, doctorId: number) {
  const doctor = await linkedDoctorCache.read(db, [clinicId, doctorId]);
  if (!doctor) throw notFound(DOCTOR_NOT_FOUND);
  return doctor;
}
