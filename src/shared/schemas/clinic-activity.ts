import { z } from 'zod';
import { nextCursorSchema, pageQuerySchema } from './pagination';

// The clinic's Activity log (docs/decisions/072-clinic-team.md, 075-clinic-activity-log.md): every change a clinic makes, with who made it.

/** What was done: one name per kind of change; the client words each (features/clinic-activity). */
export const CLINIC_ACTIONS = [
  'settings.saved',
  'doctor.added',
  'doctor.updated',
  'doctor.removed',
  'leave.added',
  'leave.ended',
  'visiting_hours.saved',
  'calls.cancelled_today',
  'visits.cancelled',
  'visit.confirmed',
  'visit.declined',
  'visit.completed',
  'visit.no_show',
  'visit.outcome_undone',
  'team.invited',
  'team.role_changed',
  'team.deactivated',
  'team.reactivated',
  'team.joined',
  'doctor.invited',
  'doctor.joined',
  'queue.called',
  'doctor.running_late',
  'preferences.saved',
  'password.changed',
] as const;
export const clinicActionSchema = z.enum(CLINIC_ACTIONS);
export type ClinicAction = z.infer<typeof clinicActionSchema>;

/** Who acted: the owner, a team member by role, or the doctor's own login. */
export const activityActorKindSchema = z.enum(['owner', 'manager', 'reception', 'doctor']);

/** GET /api/clinic/activity?limit&cursor: the clinic's Activity tab, newest first (docs/decisions/075). */
export const clinicActivityQuerySchema = pageQuerySchema;
export type ClinicActivityQuery = z.infer<typeof clinicActivityQuerySchema>;

export const clinicActivityItemSchema = z.object({
  id: z.number(),
  /** When, an ISO instant; the tab shows it in IST. */
  at: z.string(),
  /** Who: their role then and their name then (kept if the person is renamed or leaves). */
  actor: z.object({ kind: activityActorKindSchema, name: z.string() }),
  action: clinicActionSchema,
  /** What it was done to, in words (a doctor's name, a date, a visit's rep), or null. */
  target: z.string().nullable(),
  /** Small facts of the change (a date range, how many visits were cancelled); never a secret. */
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type ClinicActivityItem = z.infer<typeof clinicActivityItemSchema>;

export const clinicActivityResponseSchema = z.object({ items: z.array(clinicActivityItemSchema), nextCursor: nextCursorSchema });
export type ClinicActivityResponse = z.infer<typeof clinicActivityResponseSchema>;
