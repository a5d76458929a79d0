import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Write } from '../../db/write';
import { linkKeys } from '../../db/write-keys';
import { clinicDoctorSettings } from '../../db/schema';
import type { AvailableDays } from '../../../shared/schemas/clinic';

const settingsColumns = {
  clinicId: clinicDoctorSettings.clinicId,
  doctorId: clinicDoctorSettings.doctorId,
  doctorName: clinicDoctorSettings.doctorName,
  maxSlots: clinicDoctorSettings.maxSlots,
  callFrequency: clinicDoctorSettings.callFrequency,
  availableDays: clinicDoctorSettings.availableDays,
  visitWindows: clinicDoctorSettings.visitWindows,
  slotMinutes: clinicDoctorSettings.slotMinutes,
  requiresApproval: clinicDoctorSettings.requiresApproval,
  doctorManagesSettings: clinicDoctorSettings.doctorManagesSettings,
};

export async function findSettings(db: DbOrTx, clinicId: number, doctorId: number) {
  const [row] = await db
    .select(settingsColumns)
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, clinicId), eq(clinicDoctorSettings.doctorId, doctorId)))
    .limit(1);
  return row ?? null;
}

/** Insert or update the one settings row of (clinic, doctor); the unique index makes it atomic. */
export async function upsertSettings(
  db: Write,
  v: {
    clinicId: number;
    doctorId: number;
    doctorName: string;
    maxSlots: number;
    callFrequency: number;
    availableDays: AvailableDays;
    /** absent: kept as stored (a new row: the whole day) */
    visitWindows?: { start: string; end: string }[];
    slotMinutes?: number;
    /** absent: kept as stored (a new row: false) */
    requiresApproval?: boolean;
    /** absent: kept as stored (a new row: false; docs/decisions/073) */
    doctorManagesSettings?: boolean;
    now: Date;
  },
) {
  const { now, ...values } = v;
  const [row] = await db
    .insert(clinicDoctorSettings)
    .values({ ...values, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [clinicDoctorSettings.clinicId, clinicDoctorSettings.doctorId],
      set: {
        doctorName: sql`excluded.doctor_name`,
        maxSlots: sql`excluded.max_slots`,
        callFrequency: sql`excluded.call_frequency`,
        availableDays: sql`excluded.available_days`,
        ...(v.visitWindows !== undefined && { visitWindows: sql`excluded.visit_windows` }),
        ...(v.slotMinutes !== undefined && { slotMinutes: sql`excluded.slot_minutes` }),
        ...(v.requiresApproval !== undefined && { requiresApproval: sql`excluded.requires_approval` }),
        ...(v.doctorManagesSettings !== undefined && { doctorManagesSettings: sql`excluded.doctor_manages_settings` }),
        updatedAt: now,
      },
    })
    .returning(settingsColumns);
  db.changed(...(await linkKeys(db, v)));
  return row!;
}

/**
 * Locks the (clinic, doctor) settings row as booking does (its "lock 2"), so a doctor's removal and a booking
 * of him at this clinic run one after the other: a booking that got in first is cancelled with the others, one
 * that comes after finds no settings and is refused.
 */
export async function lockSettingsRow(tx: DbOrTx, clinicId: number, doctorId: number): Promise<void> {
  await tx
    .select({ id: clinicDoctorSettings.id })
    .from(clinicDoctorSettings)
    .where(and(eq(clinicDoctorSettings.clinicId, clinicId), eq(clinicDoctorSettings.doctorId, doctorId)))
    .for('update');
}
