import { PRODUCT_NAME } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { CLINIC_INVITE_HOURS, type ClinicMemberRole } from '../../../shared/schemas/clinic-team';
import { i18nFor } from '../../i18n';
import type { OutgoingMail } from '../../outbox/outbox';

// The e-mail of a clinic team invitation (docs/decisions/072-clinic-team.md), in the member's language or, until
// they choose one, the clinic's (docs/decisions/045). The link holds a single-use token; the outbox empties the body
// once it is sent.

export function memberInviteMail(o: {
  to: string;
  name: string;
  role: ClinicMemberRole;
  clinicName: string;
  invitedBy: string;
  link: string;
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const values = { by: o.invitedBy, clinic: o.clinicName, product: PRODUCT_NAME };
  const opening =
    o.role === 'manager'
      ? i18n._('{by} invited you to the team of {clinic} on {product} as a manager.', values)
      : i18n._('{by} invited you to the team of {clinic} on {product} as a receptionist.', values);
  const text = [
    i18n._('Hello {name},', { name: o.name }),
    '',
    opening,
    i18n._('Choose a password, then sign in on the clinic login with this e-mail address.'),
    '',
    i18n._('{hours, plural, one {Open this link within # hour; it works once:} other {Open this link within # hours; it works once:}}', {
      hours: CLINIC_INVITE_HOURS,
    }),
    o.link,
    '',
    i18n._('If you did not expect this e-mail, you can ignore it.'),
  ].join('\n');
  return {
    to: o.to,
    toName: o.name,
    subject: i18n._('Join {clinic} on {product}', values),
    text,
    templateType: 'clinic_team_invite',
  };
}

/** A team member's 'Forgot password' link (decision 072): one hour, single use, in their language or the clinic's. */
export function memberResetMail(o: { to: string; name: string; clinicName: string; link: string; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const values = { clinic: o.clinicName, product: PRODUCT_NAME };
  const text = [
    i18n._('Hello {name},', { name: o.name }),
    '',
    i18n._('Someone asked to reset the password of your login to the team of {clinic} on {product}.', values),
    i18n._('Open this link within one hour to choose a new password; it works once:'),
    o.link,
    '',
    i18n._('If you did not ask for this, you can ignore this e-mail: your password stays as it is.'),
  ].join('\n');
  return { to: o.to, toName: o.name, subject: i18n._('Reset your {product} password', values), text, templateType: 'clinic_team_reset' };
}
