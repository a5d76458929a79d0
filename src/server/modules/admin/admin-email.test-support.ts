import { randomBytes } from 'node:crypto';
import { medicalReps, pendingMedicalReps } from '../../db/schema';
import type { TestContext } from '../../test/harness';

// Rows for the e-mail dashboard's tests, written in one insert each (the lists and the sends by filter).

export const tagged = () => `t${randomBytes(4).toString('hex')}`;
const DAY = 86_400_000;
let phoneSeq = 0;

/** Reps in one insert; the test clock stands at 2026-03-02. */
export async function insertReps(ctx: TestContext, rows: Array<Partial<typeof medicalReps.$inferInsert> & { fullName: string }>) {
  return ctx.app.db
    .insert(medicalReps)
    .values(
      rows.map((r) => ({
        email: `${r.fullName.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`,
        phone: `8${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(6, '0')}`,
        company: 'Sun Pharma',
        state: 'Jammu and Kashmir',
        password: 'not-used',
        emailVerified: true,
        ...r,
      })),
    )
    .returning({ id: medicalReps.id, fullName: medicalReps.fullName, email: medicalReps.email });
}

/** One rep of each group, and the two lapsed kinds that must read as expired. */
export function oneOfEachGroup(ctx: TestContext, tag: string) {
  const now = ctx.clock.now().getTime();
  const future = new Date(now + 30 * DAY);
  const past = new Date(now - DAY);
  const used = new Date(now - 10 * DAY);
  return insertReps(ctx, [
    { fullName: `Trial ${tag}`, subscriptionStatus: 'free_trial', subscriptionExpiresAt: future, freeTrialUsedAt: used },
    { fullName: `Paid ${tag}`, subscriptionStatus: 'active', subscriptionExpiresAt: future, freeTrialUsedAt: used },
    { fullName: `Fresh ${tag}`, subscriptionStatus: 'inactive' },
    { fullName: `Lapsed ${tag}`, subscriptionStatus: 'expired', subscriptionExpiresAt: past, freeTrialUsedAt: used },
    { fullName: `LapsedTrial ${tag}`, subscriptionStatus: 'free_trial', subscriptionExpiresAt: past, freeTrialUsedAt: used },
    { fullName: `NoExpiry ${tag}`, subscriptionStatus: 'free_trial', freeTrialUsedAt: used },
  ]);
}

/** Pending registrations (waiting for their code) with these names. */
export function insertPending(ctx: TestContext, names: string[]) {
  const now = ctx.clock.now();
  return ctx.app.db
    .insert(pendingMedicalReps)
    .values(
      names.map((n) => ({
        fullName: n,
        email: `${n.toLowerCase().replace(/\W+/g, '.')}.${randomBytes(3).toString('hex')}@example.com`,
        phone: `7${String(process.pid % 1000).padStart(3, '0')}${String(++phoneSeq).padStart(6, '0')}`,
        company: 'Cipla',
        state: 'Punjab',
        password: 'not-used',
        verificationOtp: 'x',
        otpExpiry: new Date(now.getTime() + 15 * 60_000),
      })),
    )
    .returning({ id: pendingMedicalReps.id, fullName: pendingMedicalReps.fullName, email: pendingMedicalReps.email });
}
