import { PRODUCT_NAME } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import { ADMIN_INVITE_HOURS, type AdminRole } from '../../../shared/schemas/admin-team';
import { i18nFor } from '../../i18n';
import type { OutgoingMail } from '../../outbox/outbox';

// The e-mail of an admin's invitation or new enrolment link (docs/decisions/042-admin-team.md), in the admin's
// language (a new admin's: English until they choose; docs/decisions/045). The link holds a single-use token; the
// outbox empties the body once it is sent.

export function adminEnrolmentMail(o: {
  to: string;
  name: string;
  role: AdminRole;
  link: string;
  purpose: 'invite' | 'reset';
  invitedBy: string;
  locale: Locale;
}): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const values = { by: o.invitedBy, product: PRODUCT_NAME };
  const factor =
    o.role === 'owner'
      ? i18n._('You will choose a password and add a two-factor code to an authenticator app (scan the QR code shown).')
      : i18n._('You will choose a password, and may add a two-factor code to an authenticator app (recommended).');
  const opening =
    o.purpose === 'invite'
      ? o.role === 'owner'
        ? i18n._('{by} invited you to the {product} admin team as an owner.', values)
        : i18n._('{by} invited you to the {product} admin team as a staff member.', values)
      : i18n._('{by} reset your {product} admin sign-in: your password and second factor no longer work.', values);
  const text = [
    i18n._('Hello {name},', { name: o.name }),
    '',
    opening,
    factor,
    '',
    i18n._('{hours, plural, one {Open this link within # hour; it works once:} other {Open this link within # hours; it works once:}}', {
      hours: ADMIN_INVITE_HOURS,
    }),
    o.link,
    '',
    i18n._('If you did not expect this e-mail, ignore it and tell the owner of the admin team.'),
  ].join('\n');
  return {
    to: o.to,
    toName: o.name,
    subject:
      o.purpose === 'invite'
        ? i18n._('Your {product} admin invitation', { product: PRODUCT_NAME })
        : i18n._('Set up your {product} admin sign-in again', { product: PRODUCT_NAME }),
    text,
    templateType: o.purpose === 'invite' ? 'admin_invite' : 'admin_reset',
    adminUser: o.invitedBy,
  };
}
