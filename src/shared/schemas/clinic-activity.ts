import { z } from 'zod';

// The clinic's Activity log (docs/decisions/072-clinic-team.md): every change a clinic makes, with who made it.

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
