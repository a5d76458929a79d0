import { sign, verify } from 'node:crypto';
import { z } from 'zod';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../errors';
import { CHECK_IN_MESSAGES, RECEIPT_MESSAGES } from '../../../shared/booking/visit-status';
import { provenVisitSchema, type ProvenVisit, type VerifyVisitResponse } from '../../../shared/schemas/visits';
import type { ReceiptKey } from './receipts.keys';
import { findProvenVisit, findVisitOutcome, type ProvenVisitRow } from './receipts.repo';

// The signed proof of visit (docs/decisions/041-visit-outcomes-and-proof.md). A receipt is
//   base64url(JSON of the ProvenVisit and the key id `kid`) "." base64url(Ed25519 signature of the first part's text)
// Checking one needs the public key only, never the database's visit, so a proof outlives the retention purge.

type ReceiptDeps = Pick<Deps, 'db' | 'clock' | 'keys'>;

const VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';
const signedVisitSchema = provenVisitSchema.extend({ kid: z.string() });
const BASE64URL = /^[A-Za-z0-9_-]+$/;
const ED25519_SIGNATURE_BYTES = 64;

/** The facts of a checked-in visit, in the order a receipt writes them. */
export function provenVisitOf(row: ProvenVisitRow & { checkedInAt: string }, issuedAt: Date): ProvenVisit {
  return {
    id: row.id,
    repName: row.repName,
    company: row.company,
    doctorName: row.doctorName,
    doctorSpecialty: row.doctorSpecialty,
    clinicName: row.clinicName,
    clinicCity: row.clinicCity,
    clinicState: row.clinicState,
    date: row.date,
    startTime: row.startTime,
    checkedInAt: row.checkedInAt,
    // The instant the server accepted the check-in: later than checkedInAt for one typed offline (docs/decisions/046).
    checkInReceivedAt: row.checkInReceivedAt ?? row.checkedInAt,
    issuedAt: issuedAt.toISOString(),
  };
}

/** A receipt of `visit` signed with `key`. */
export function signReceipt(key: ReceiptKey, visit: ProvenVisit): string {
  const payload = Buffer.from(JSON.stringify({ ...visit, kid: key.kid })).toString('base64url');
  return `${payload}.${sign(null, Buffer.from(payload), key.privateKey).toString('base64url')}`;
}

/**
 * The visit a receipt proves, or null for anything else: not two base64url parts, another spelling of the same bytes
 * (a base64url text's last letter has spare bits, so a changed letter could otherwise decode alike), a signature that
 * does not verify, another key's id, or a payload that is not a visit. Never throws.
 */
export function readReceipt(key: ReceiptKey, receipt: string): ProvenVisit | null {
  const parts = receipt.split('.');
  if (parts.length !== 2) return null;
  const [payload = '', signature = ''] = parts;
  if (!BASE64URL.test(payload) || !BASE64URL.test(signature)) return null;
  const signatureBytes = Buffer.from(signature, 'base64url');
  const payloadBytes = Buffer.from(payload, 'base64url');
  if (signatureBytes.length !== ED25519_SIGNATURE_BYTES || signatureBytes.toString('base64url') !== signature) return null;
  if (payloadBytes.toString('base64url') !== payload) return null;
  if (!verify(null, Buffer.from(payload), key.publicKey, signatureBytes)) return null;
  let data: unknown;
  try {
    data = JSON.parse(payloadBytes.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = signedVisitSchema.safeParse(data);
  if (!parsed.success || parsed.data.kid !== key.kid) return null;
  const { kid: _kid, ...visit } = parsed.data;
  return visit;
}

/** GET /api/medrep/visits/:id/receipt: the rep's own visit (404 otherwise), once checked in (409 before). */
export async function issueReceipt(deps: ReceiptDeps, o: { repId: number; appointmentId: number }): Promise<string> {
  const row = await findProvenVisit(deps.db, { id: o.appointmentId, repId: o.repId });
  if (!row) throw notFound(VISIT_NOT_FOUND);
  const { checkedInAt } = row;
  if (checkedInAt === null) throw conflict(CHECK_IN_MESSAGES.notCheckedIn, 'not_checked_in');
  return signReceipt(await deps.keys.receipt(), provenVisitOf({ ...row, checkedInAt }, deps.clock.now()));
}

/**
 * POST /api/verify-visit (public): whether the receipt is one of ours, unchanged, and what it proves, as the server
 * knows the visit now (docs/decisions/046): one the clinic later declined, or cancelled, or marked no-show, is not valid,
 * with the reason. A visit no longer kept (the retention purge) is answered by the signature alone.
 */
export async function verifyVisitReceipt(deps: Pick<Deps, 'db' | 'keys'>, o: { receipt: string }): Promise<VerifyVisitResponse> {
  const visit = readReceipt(await deps.keys.receipt(), o.receipt);
  if (!visit) return { valid: false, visit: null, reason: null };
  const now = await findVisitOutcome(deps.db, visit.id);
  const reason = now ? receiptRevokedBy(now) : null;
  return { valid: reason === null, visit, reason };
}

/** Why a signed proof no longer holds, or null while it does. */
function receiptRevokedBy(v: { status: string; cancelledBy: string | null }): string | null {
  if (v.status === 'no_show') return RECEIPT_MESSAGES.noShow;
  if (v.status !== 'cancelled') return null;
  return v.cancelledBy === 'clinic' ? RECEIPT_MESSAGES.declined : RECEIPT_MESSAGES.cancelled;
}

/** The page that shows a receipt to whoever holds it: the call report's proof link. */
export const receiptLink = (deps: Pick<Deps, 'config'>, receipt: string) => `${deps.config.appUrl}/verify-visit?receipt=${receipt}`;
