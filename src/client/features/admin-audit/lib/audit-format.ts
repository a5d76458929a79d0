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

// The security events the server records (recordSecurityEvent's `eventType`), each named for a person in the
// language on screen; a type not listed here (from a newer server) is shown from its own words.
export const SECURITY_EVENT_NAMES: Readonly<Record<string, string>> = {
  access_refused: /*i18n*/ 'Access refused',
  admin_appointment_deleted: /*i18n*/ 'Appointment deleted by an admin',
  admin_broadcast: /*i18n*/ 'Announcement sent',
  admin_broadcast_cleared: /*i18n*/ 'Announcement cleared',
  admin_bulk_email: /*i18n*/ 'Bulk e-mail sent',
  admin_doctor_deleted: /*i18n*/ 'Doctor removed by an admin',
  admin_enrol_code_failed: /*i18n*/ 'Admin enrolment code failed',
  admin_login_failed: /*i18n*/ 'Admin sign-in failed',
  admin_login_success: /*i18n*/ 'Admin signed in',
  admin_logout: /*i18n*/ 'Admin signed out',
  admin_reregistration_emails: /*i18n*/ 'Re-registration e-mails sent',
  admin_restart: /*i18n*/ 'Server restarted by an admin',
  admin_user_deleted: /*i18n*/ 'Account deleted by an admin',
  admin_user_status_changed: /*i18n*/ 'Account status changed by an admin',
  csrf_origin_refused: /*i18n*/ 'Request from another site refused',
  email_restore_invalid_token: /*i18n*/ 'Invalid e-mail restore link',
  email_restored: /*i18n*/ 'E-mail address restored',
  login_failed: /*i18n*/ 'Sign-in failed',
  login_refused_inactive: /*i18n*/ 'Sign-in refused: account inactive',
  password_change_wrong_current: /*i18n*/ 'Password change: wrong current password',
  password_reset: /*i18n*/ 'Password reset',
  password_reset_invalid_token: /*i18n*/ 'Invalid password reset link',
  password_reset_requested: /*i18n*/ 'Password reset requested',
  profile_code_failed: /*i18n*/ 'Profile change code failed',
  rate_limited: /*i18n*/ 'Too many attempts (rate limited)',
  registration_token_mismatch: /*i18n*/ 'Registration opened in another browser',
  verification_code_expired: /*i18n*/ 'Verification code expired',
  verification_code_failed: /*i18n*/ 'Wrong verification code',
  verification_code_locked: /*i18n*/ 'Verification code locked',
  verification_link_invalid: /*i18n*/ 'Invalid verification link',
  verification_lockout: /*i18n*/ 'Verification locked out',
};

/** A security event's type, `login_failed`, as 'Sign-in failed'; an unknown `rate_limit_exceeded` as 'Rate limit exceeded'. */
export function eventTypeText(type: string): string {
  const label = SECURITY_EVENT_NAMES[type];
  if (label) return i18n._(label);
  const words = type.replace(/[_-]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
