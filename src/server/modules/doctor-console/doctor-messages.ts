import type { OutgoingMail, OutgoingPush } from '../../outbox/outbox';
import type { Locale } from '../../../shared/i18n/locales';
import { i18nFor } from '../../i18n';
import { indianTimeIn } from '../../message-dates';

// The doctor console's messages, in the reader's language (docs/decisions/045, 073): the clinic's invitation of its
// doctor, and what the reps hear when the doctor calls them in or runs late. Plain text; no secret but the
// invitation's own link, which is the point of that e-mail.

/** "Dr. Khanna" however the clinic typed the name ("Khanna", "Dr Khanna", "Dr. Khanna"). */
export const doctorTitle = (name: string) => `Dr. ${name.replace(/^Dr\.?\s*/i, '')}`;

export function doctorInviteMail(o: { to: string; doctorName: string; clinicName: string; link: string; expiresAt: Date; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  return {
    to: o.to,
    toName: o.doctorName,
    templateType: 'doctor_invite',
    subject: i18n._('{clinic} invites you to RepVisit', { clinic: o.clinicName }),
    text: [
      i18n._('Dear {name},', { name: doctorTitle(o.doctorName) }),
      '',
      i18n._(
        "{clinic} lists you as their doctor on RepVisit and invites you to your own login: your day's rep visits at every clinic that invites you, Call next, Running late.",
        { clinic: o.clinicName },
      ),
      '',
      i18n._('Accept the invitation here: {link}', { link: o.link }),
      i18n._('The link works once, until {time}. If you already have a RepVisit doctor login, use its password.', {
        time: indianTimeIn(o.locale, o.expiresAt),
      }),
      '',
      'RepVisit',
    ].join('\n'),
  };
}

interface RepNotice {
  repId: number;
  fullName: string;
  email: string;
  locale: Locale;
}

/** The rep's web push when the doctor calls them in (Call next). */
export function calledPush(rep: RepNotice, o: { doctorName: string; clinicName: string; appointmentId: number }): OutgoingPush {
  const i18n = i18nFor(rep.locale);
  const title = i18n._('{doctor} will see you now', { doctor: doctorTitle(o.doctorName) });
  return {
    repId: rep.repId,
    recipientEmail: rep.email,
    recipientName: rep.fullName,
    title,
    templateType: 'queue_called_push',
    payload: { title, body: i18n._('Please go in at {clinic}.', { clinic: o.clinicName }), url: '/medrep-dashboard', tag: `called-${o.appointmentId}` },
  };
}

function lateText(locale: Locale, o: { doctorName: string; clinicName: string; minutes: number }): string {
  const i18n = i18nFor(locale);
  return i18n._('{doctor} at {clinic} is running about {minutes, plural, one {# minute} other {# minutes}} late today.', {
    doctor: doctorTitle(o.doctorName),
    clinic: o.clinicName,
    minutes: o.minutes,
  });
}

export function runningLatePush(rep: RepNotice, o: { doctorName: string; clinicName: string; minutes: number; date: string }): OutgoingPush {
  const i18n = i18nFor(rep.locale);
  const title = i18n._('{minutes, plural, one {Running about # minute late} other {Running about # minutes late}}', { minutes: o.minutes });
  return {
    repId: rep.repId,
    recipientEmail: rep.email,
    recipientName: rep.fullName,
    title,
    templateType: 'running_late_push',
    // One notice per doctor's day: a newer lateness replaces the older on the rep's screen.
    payload: { title, body: lateText(rep.locale, o), url: '/medrep-dashboard', tag: `late-${o.date}-${o.clinicName}` },
  };
}

export function runningLateMail(rep: RepNotice, o: { doctorName: string; clinicName: string; minutes: number }): OutgoingMail {
  const i18n = i18nFor(rep.locale);
  return {
    to: rep.email,
    toName: rep.fullName,
    recipientId: rep.repId,
    templateType: 'running_late',
    subject: i18n._('{doctor} is running about {minutes, plural, one {# minute} other {# minutes}} late', {
      doctor: doctorTitle(o.doctorName),
      minutes: o.minutes,
    }),
    text: [
      i18n._('Dear {name},', { name: rep.fullName }),
      '',
      lateText(rep.locale, o),
      i18n._('Your visit is likely to start later than planned. My Appointments in RepVisit shows your place in line.'),
      '',
      'RepVisit',
    ].join('\n'),
  };
}
