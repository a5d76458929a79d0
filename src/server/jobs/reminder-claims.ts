import type { DbOrTx } from '../db/client';
import { remindersSent } from '../db/schema';

// A reminder is claimed (a row in reminders_sent, unique on kind + subject + recipient) in the job's
// transaction, with its message queued in the outbox in the same transaction (docs/decisions/028-outbox.md), so a
// second run, a restart or another instance can never queue it again, and the outbox retries what fails.

// The *_whatsapp kinds are WhatsApp's own claims (docs/decisions/044): a rep may have WhatsApp on and e-mail off.
export type ReminderKind =
  'visit_email' | 'visit_push' | 'clinic_visitors' | 'renewal_email' | 'visit_whatsapp' | 'clinic_visitors_whatsapp' | 'renewal_whatsapp';

export interface ReminderClaim {
  kind: ReminderKind;
  subjectKey: string;
  recipient: string;
}

const keyOf = (c: ReminderClaim) => `${c.kind}|${c.subjectKey}|${c.recipient}`;

/** Inserts the claims; answers the ones this call won (the others were claimed before). */
export async function claimReminders(tx: DbOrTx, claims: ReminderClaim[], now: Date): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const won = await tx
    .insert(remindersSent)
    .values(claims.map((c) => ({ ...c, sentAt: now })))
    .onConflictDoNothing()
    .returning({ kind: remindersSent.kind, subjectKey: remindersSent.subjectKey, recipient: remindersSent.recipient });
  return new Set(won.map((w) => keyOf(w as ReminderClaim)));
}

export const isClaimed = (won: Set<string>, c: ReminderClaim) => won.has(keyOf(c));
