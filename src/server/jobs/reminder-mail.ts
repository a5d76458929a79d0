import { APP_DASHBOARD_HINT, dayText } from './reminder-texts';
import { formatDisplayDate } from '../../shared/dates';
import { PLANS, PRODUCT_NAME } from '../../shared/constants';
import type { OutgoingMail } from '../outbox/outbox';
import { displayPhone } from '../../shared/schemas/phone';
import { visitDateText, visitLabel } from '../../shared/booking/visit-label';

// The texts of the scheduled e-mails. Short, plain, with what the reader needs and how to stop them.

export interface VisitLine {
  date: string;
  /** "HH:MM" inside visiting hours, else null; token: the place in the doctor's day (docs/decisions/039) */
  startTime: string | null;
  token: number | null;
  doctorName: string;
  doctorSpecialty: string | null;
  clinicName: string;
  clinicCity: string;
  clinicState: string;
}

/** "15:30, token #2: " before a visit, "Token #2: " without a time; nothing when there is neither. */
export function visitPrefix(v: { startTime: string | null; token: number | null }): string {
  if (v.startTime && v.token) return `${v.startTime}, token #${v.token}: `;
  if (v.startTime) return `${v.startTime}: `;
  return v.token ? `Token #${v.token}: ` : '';
}

export function visitReminderMail(o: { repId: number; repName: string; repEmail: string; date: string; visits: VisitLine[]; appUrl: string }): OutgoingMail {
  const lines = o.visits.map(
    (v) => `- ${visitPrefix(v)}${v.doctorName}${v.doctorSpecialty ? ` (${v.doctorSpecialty})` : ''} at ${v.clinicName}, ${v.clinicCity}, ${v.clinicState}`,
  );
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: `Reminder: ${o.visits.length === 1 ? 'your visit' : `your ${o.visits.length} visits`} tomorrow, ${
      o.visits.length === 1 ? visitDateText(o.date, o.visits[0]!.startTime) : formatDisplayDate(o.date)
    }`,
    text: [
      `Hello ${o.repName},`,
      '',
      `This is a reminder of ${o.visits.length === 1 ? 'your appointment' : 'your appointments'} tomorrow, ${dayText(o.date)}:`,
      '',
      ...lines,
      '',
      `See or cancel them under My Appointments: ${o.appUrl}/medrep-dashboard`,
      APP_DASHBOARD_HINT,
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'reminder',
  };
}

export interface ClinicVisitor {
  doctorName: string;
  doctorSpecialty: string;
  repName: string;
  company: string;
  phone: string;
  status: string;
  startTime: string | null;
  token: number | null;
}

/** "#2 · 15:45" as the clinic's day view shows it; the place in the list when the token is unknown. */
const clinicVisitLabel = (v: ClinicVisitor, place: number) => visitLabel({ token: v.token ?? place, start_time: v.startTime });

export function clinicVisitorsMail(o: {
  clinicId: number;
  clinicName: string;
  contactPerson: string;
  email: string;
  date: string;
  visitors: ClinicVisitor[];
  appUrl: string;
}): OutgoingMail {
  const byDoctor = new Map<string, ClinicVisitor[]>();
  for (const v of o.visitors) byDoctor.set(`${v.doctorName} (${v.doctorSpecialty})`, [...(byDoctor.get(`${v.doctorName} (${v.doctorSpecialty})`) ?? []), v]);
  const sections = [...byDoctor].flatMap(([doctor, list]) => [
    `${doctor}: ${list.length} ${list.length === 1 ? 'visit' : 'visits'}`,
    ...list.map((v, i) => `  ${clinicVisitLabel(v, i + 1)} ${v.repName}, ${v.company}, ${displayPhone(v.phone)}`),
    '',
  ]);
  return {
    to: o.email,
    toName: o.contactPerson,
    recipientId: o.clinicId,
    subject: `Today's medical rep visits at ${o.clinicName}, ${formatDisplayDate(o.date)}`,
    text: [
      `Hello ${o.contactPerson},`,
      '',
      `These medical representatives are booked to visit ${o.clinicName} today, ${dayText(o.date)}:`,
      '',
      ...sections,
      `The clinic dashboard has the same list: ${o.appUrl}/clinic/dashboard`,
      'You receive this list because e-mail notifications are on in Settings; turn them off there to stop it.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'visitors',
  };
}

export function renewalReminderMail(o: {
  repId: number;
  repName: string;
  repEmail: string;
  expiresAt: Date;
  expiryDate: string;
  appUrl: string;
}): OutgoingMail {
  return {
    to: o.repEmail,
    toName: o.repName,
    recipientId: o.repId,
    subject: `Your ${PRODUCT_NAME} subscription ends on ${formatDisplayDate(o.expiryDate)}`,
    text: [
      `Hello ${o.repName},`,
      '',
      `Your ${PRODUCT_NAME} subscription ends on ${dayText(o.expiryDate)}. After that you cannot book new appointments.`,
      '',
      `Renew it under Settings > Subscription: monthly ₹${PLANS.monthly.priceInr} or yearly ₹${PLANS.yearly.priceInr} (save ₹${PLANS.monthly.priceInr * 12 - PLANS.yearly.priceInr} a year).`,
      `${o.appUrl}/medrep-dashboard`,
      '',
      'To stop renewal reminders, turn them off under Settings > Notifications.',
      '',
      PRODUCT_NAME,
    ].join('\n'),
    templateType: 'subscription',
  };
}
