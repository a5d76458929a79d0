import { PRODUCT_NAME } from '../../../shared/constants';
import { ADMIN_INVITE_HOURS, type AdminRole } from '../../../shared/schemas/admin-team';
import type { OutgoingMail } from '../../outbox/outbox';

// The e-mail of an admin's invitation or new enrolment link (docs/decisions/042-admin-team.md). The link holds a
// single-use token; the outbox empties the body once it is sent.

export function adminEnrolmentMail(o: {
  to: string;
  name: string;
  role: AdminRole;
  link: string;
  purpose: 'invite' | 'reset';
  invitedBy: string;
}): OutgoingMail {
  const what = o.role === 'owner' ? 'an owner' : 'a staff member';
  const factor =
    o.role === 'owner'
      ? 'You will choose a password and add a two-factor code to an authenticator app (scan the QR code shown).'
      : 'You will choose a password, and may add a two-factor code to an authenticator app (recommended).';
  const opening =
    o.purpose === 'invite'
      ? `${o.invitedBy} invited you to the ${PRODUCT_NAME} admin team as ${what}.`
      : `${o.invitedBy} reset your ${PRODUCT_NAME} admin sign-in: your password and second factor no longer work.`;
  const text = [
    `Hello ${o.name},`,
    '',
    opening,
    factor,
    '',
    `Open this link within ${ADMIN_INVITE_HOURS} hours; it works once:`,
    o.link,
    '',
    'If you did not expect this e-mail, ignore it and tell the owner of the admin team.',
  ].join('\n');
  return {
    to: o.to,
    toName: o.name,
    subject: o.purpose === 'invite' ? `Your ${PRODUCT_NAME} admin invitation` : `Set up your ${PRODUCT_NAME} admin sign-in again`,
    text,
    templateType: o.purpose === 'invite' ? 'admin_invite' : 'admin_reset',
    adminUser: o.invitedBy,
  };
}
