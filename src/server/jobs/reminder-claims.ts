import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { remindersSent } from '../db/schema';

// A reminder is claimed (a row in reminders_sent, unique on kind + subject + recipient) in the job's
// transaction before it is sent, so a second run, a restart or another instance can never send it again.
// A send that fails releases its claim, so a later run may try again.

export type ReminderKind = 'visit_email' | 'visit_push' | 'clinic_visitors' | 'renewal_email';

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

export async function releaseReminders(db: DbOrTx, claims: ReminderClaim[]): Promise<void> {
  for (const c of claims) {
    await db
      .delete(remindersSent)
      .where(and(eq(remindersSent.kind, c.kind), eq(remindersSent.subjectKey, c.subjectKey), eq(remindersSent.recipient, c.recipient)));
  }
}
