import type { ClinicAction, ClinicActivityItem } from '../../../../shared/schemas/clinic-activity';
import { formatDisplayDate } from '../../../../shared/dates';
import { i18n, reasonText } from '../../../lib/i18n';
import { formatNumber } from '../../../lib/intl-format';

// The words of the clinic's Activity tab (docs/decisions/075): each recorded action as a sentence in the language on
// screen, with what it was done to (`target`: a doctor's or a rep's name as recorded, shown as written) and the small
// facts the server kept beside it. Written once here so the list stays a list.

/** What was done: with the target, and alone (a row without one: the whole clinic, the account itself). */
const ACTION_WORDS: Record<ClinicAction, { of: string; alone: string }> = {
  'settings.saved': { of: /*i18n*/ 'Saved the call settings of {target}', alone: /*i18n*/ 'Saved call settings' },
  'doctor.added': { of: /*i18n*/ 'Added {target} to the clinic', alone: /*i18n*/ 'Added a doctor' },
  'doctor.updated': { of: /*i18n*/ 'Updated the details of {target}', alone: /*i18n*/ "Updated a doctor's details" },
  'doctor.removed': { of: /*i18n*/ 'Removed {target} from the clinic', alone: /*i18n*/ 'Removed a doctor' },
  'leave.added': { of: /*i18n*/ 'Planned leave for {target}', alone: /*i18n*/ 'Planned a clinic holiday' },
  'leave.ended': { of: /*i18n*/ 'Ended the leave of {target} early', alone: /*i18n*/ 'Ended a clinic holiday early' },
  'visiting_hours.saved': { of: /*i18n*/ 'Changed the visiting hours of {target}', alone: /*i18n*/ 'Changed visiting hours' },
  'calls.cancelled_today': { of: /*i18n*/ "Cancelled today's calls of {target}", alone: /*i18n*/ "Cancelled today's calls" },
  'visits.cancelled': {
    of: /*i18n*/ 'Cancelled visits to {target} outside the new visiting hours',
    alone: /*i18n*/ 'Cancelled visits outside the visiting hours',
  },
  'visit.confirmed': { of: /*i18n*/ 'Confirmed the visit of {target}', alone: /*i18n*/ 'Confirmed a visit' },
  'visit.declined': { of: /*i18n*/ 'Declined the visit of {target}', alone: /*i18n*/ 'Declined a visit' },
  'visit.completed': { of: /*i18n*/ 'Marked the visit of {target} completed', alone: /*i18n*/ 'Marked a visit completed' },
  'visit.no_show': { of: /*i18n*/ 'Marked {target} as a no-show', alone: /*i18n*/ 'Marked a visit as a no-show' },
  'visit.outcome_undone': { of: /*i18n*/ 'Undid the outcome of the visit of {target}', alone: /*i18n*/ "Undid a visit's outcome" },
  'team.invited': { of: /*i18n*/ 'Invited {target} to the team', alone: /*i18n*/ 'Invited someone to the team' },
  'team.role_changed': { of: /*i18n*/ 'Changed the role of {target}', alone: /*i18n*/ "Changed a team member's role" },
  'team.deactivated': { of: /*i18n*/ 'Deactivated {target}', alone: /*i18n*/ 'Deactivated a team member' },
  'team.reactivated': { of: /*i18n*/ 'Reactivated {target}', alone: /*i18n*/ 'Reactivated a team member' },
  'team.joined': { of: /*i18n*/ 'Joined the team as {target}', alone: /*i18n*/ 'Joined the team' },
  'doctor.invited': { of: /*i18n*/ 'Invited {target} to their own doctor login', alone: /*i18n*/ 'Invited a doctor to their own login' },
  'doctor.joined': { of: /*i18n*/ 'Accepted the doctor login for {target}', alone: /*i18n*/ 'Accepted the doctor login' },
  'queue.called': { of: /*i18n*/ 'Called {target} in', alone: /*i18n*/ 'Called the next rep in' },
  'doctor.running_late': { of: /*i18n*/ 'Said {target} is running late', alone: /*i18n*/ 'Said the doctor is running late' },
  'preferences.saved': { of: /*i18n*/ 'Changed the notification settings', alone: /*i18n*/ 'Changed the notification settings' },
  'password.changed': { of: /*i18n*/ 'Changed the clinic password', alone: /*i18n*/ 'Changed the clinic password' },
};

const ROLE_WORDS: Record<ClinicActivityItem['actor']['kind'], string> = {
  owner: /*i18n*/ 'Owner',
  manager: /*i18n*/ 'Manager',
  reception: /*i18n*/ 'Reception',
  doctor: /*i18n*/ 'Doctor',
};

/** The sentence of what was done. */
export function activityWhat(item: Pick<ClinicActivityItem, 'action' | 'target'>): string {
  const words = ACTION_WORDS[item.action];
  return item.target ? i18n._(words.of, { target: item.target }) : i18n._(words.alone);
}

/** Who did it: their role's word. */
export function activityRole(kind: ClinicActivityItem['actor']['kind']): string {
  return i18n._(ROLE_WORDS[kind]);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const onOff = (v: unknown) => (v === true ? i18n._('On') : i18n._('Off'));

/** The facts kept with the change, as short phrases (a date range, how many visits were cancelled, the reason). */
export function activityFacts(item: Pick<ClinicActivityItem, 'action' | 'details'>): string[] {
  const d = item.details ?? {};
  const facts: string[] = [];
  const from = str(d.from);
  const to = str(d.to);
  if (from && to)
    facts.push(
      from === to
        ? i18n._('On {date}', { date: formatDisplayDate(from) })
        : i18n._('{from} to {to}', { from: formatDisplayDate(from), to: formatDisplayDate(to) }),
    );
  const date = str(d.date);
  if (date && item.action.startsWith('visit.')) {
    const time = str(d.time);
    const token = num(d.token);
    facts.push(
      time
        ? i18n._('Visit on {date} at {time}', { date: formatDisplayDate(date), time })
        : token !== undefined
          ? i18n._('Visit on {date}, token {token}', { date: formatDisplayDate(date), token: formatNumber(token) })
          : i18n._('Visit on {date}', { date: formatDisplayDate(date) }),
    );
  }
  const cancelled = num(d.cancelledCount);
  if (cancelled !== undefined)
    facts.push(i18n._('{count, plural, =0 {No visits cancelled} one {# visit cancelled} other {# visits cancelled}}', { count: cancelled }));
  if (item.action === 'settings.saved' && num(d.maxSlots) !== undefined) {
    facts.push(
      i18n._('{slots, plural, one {Up to # rep a day} other {Up to # reps a day}}, {days, plural, one {each once a day} other {each once in # days}}', {
        slots: num(d.maxSlots)!,
        days: num(d.callFrequency) ?? 0,
      }),
    );
  }
  if (item.action === 'visiting_hours.saved') {
    const windows = Array.isArray(d.windows) ? (d.windows as Array<{ start?: unknown; end?: unknown }>) : [];
    const hours = windows.map((w) => `${str(w.start) ?? ''}–${str(w.end) ?? ''}`).join(', ');
    facts.push(hours ? i18n._('{hours}, {minutes} min a visit', { hours, minutes: formatNumber(num(d.slotMinutes) ?? 0) }) : i18n._('The whole day'));
  }
  if (item.action === 'preferences.saved') {
    facts.push(
      i18n._('E-mail: {email}, SMS: {sms}, WhatsApp: {whatsapp}', {
        email: onOff(d.emailNotifications),
        sms: onOff(d.smsNotifications),
        whatsapp: onOff(d.whatsapp),
      }),
    );
  }
  if (item.action === 'doctor.added' && d.existing === true) facts.push(i18n._('Already practising at other clinics'));
  const reason = str(d.reason);
  if (reason) facts.push(i18n._('Reason: {reason}', { reason: reasonText(reason) }));
  return facts;
}
