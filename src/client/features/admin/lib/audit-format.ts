import { i18n } from '../../../lib/i18n';
// How the Audit tab words a row (docs/decisions/042): the record acted on arrives as `kind:id`, the extras as a small
// object; both are written for a person, and anything unknown is shown as it came rather than hidden.

const TARGET_KINDS: Record<string, string> = {
  medrep: /*i18n*/ 'Medical rep',
  clinic: /*i18n*/ 'Clinic',
  doctor: /*i18n*/ 'Doctor',
  doctor_link: /*i18n*/ 'Doctor at clinic',
  appointment: /*i18n*/ 'Appointment',
  admin: /*i18n*/ 'Admin',
  email: /*i18n*/ 'E-mail',
  email_job: /*i18n*/ 'E-mail send',
};

/** `appointment:9` as 'Appointment #9'; null as a dash. */
export function auditTargetText(target: string | null): string {
  if (!target) return '—';
  const at = target.indexOf(':');
  if (at < 0) return target;
  const kind = TARGET_KINDS[target.slice(0, at)];
  return kind ? `${i18n._(kind)} #${target.slice(at + 1)}` : target;
}

/** The extras of a row as 'from: active, to: inactive' (objects and lists as JSON); empty when there are none. */
export function auditDetailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => `${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v as string | number | boolean)}`)
    .join(', ');
}

/** A security event's type, `rate_limit_exceeded`, as 'Rate limit exceeded'. */
export function eventTypeText(type: string): string {
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
