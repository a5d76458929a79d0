import type { FastifyInstance } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { notFound } from '../../errors';
import { assertSelf, type Actor } from '../../plugins/auth';
import { findLinkedDoctor } from './doctors.repo';

/** What the clinic services use of the app. */
export type ClinicDeps = Pick<FastifyInstance, 'db' | 'clock' | 'mailer' | 'log' | 'config'>;

export const DOCTOR_NOT_FOUND = 'Doctor not found';

/** Every clinicId in a request must be the signed-in clinic's own (403 otherwise). */
export function assertOwnClinic(actor: Actor, clinicId: number): void {
  assertSelf(actor, 'clinic', clinicId);
}

/** Every doctorId must be linked to the clinic (404 otherwise: another clinic's doctors are not shown to exist). */
export async function requireLinkedDoctor(db: DbOrTx, clinicId: number, doctorId: number) {
  const doctor = await findLinkedDoctor(db, clinicId, doctorId);
  if (!doctor) throw notFound(DOCTOR_NOT_FOUND);
  return doctor;
}
