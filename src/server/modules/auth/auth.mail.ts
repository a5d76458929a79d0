import { PRODUCT_NAME } from '../../../shared/constants';
import type { UserKind } from '../../../shared/schemas/auth';
import type { OutgoingMail } from '../../outbox/outbox';

// The texts of the accounts e-mails. The code comes before any link, so the first 6-digit number in the
// text is the code.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function layout(title: string, paragraphs: string[]): string {
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  return `<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1d4ed8">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#6b7280">${PRODUCT_NAME} Healthcare Platform</p></body></html>`;
}

export function verificationMail(o: { to: string; name: string; code: string; link: string; kind: UserKind }): OutgoingMail {
  const subject = `Your ${PRODUCT_NAME} verification code`;
  const text = [
    `Hello ${o.name},`,
    '',
    `Your verification code is: ${o.code}`,
    '',
    'Enter this 6-digit code on the verification page of the browser you registered in. It expires in 15 minutes and allows 3 attempts.',
    '',
    'On any other device, verify your e-mail address with this link; you will choose your password there:',
    o.link,
    '',
    `If you did not register for ${PRODUCT_NAME}, you can ignore this e-mail.`,
  ].join('\n');
  const html = layout('Verify your e-mail address', [
    `Hello ${escapeHtml(o.name)},`,
    `Your verification code is: <strong style="font-size:24px;letter-spacing:4px">${o.code}</strong>`,
    'Enter this 6-digit code on the verification page of the browser you registered in. It expires in 15 minutes and allows 3 attempts.',
    `On any other device, <a href="${escapeHtml(o.link)}">verify your e-mail address with this link</a>; you will choose your password there.`,
    `If you did not register for ${PRODUCT_NAME}, you can ignore this e-mail.`,
  ]);
  return { to: o.to, toName: o.name, subject, text, html, templateType: 'verification' };
}

export function passwordResetMail(o: { to: string; name: string; link: string; recipientId: number }): OutgoingMail {
  const subject = `Reset your ${PRODUCT_NAME} password`;
  const text = [
    `Hello ${o.name},`,
    '',
    'We received a request to reset your password. Open this link to choose a new one:',
    o.link,
    '',
    'The link is valid for one hour and can be used once.',
    'If you did not ask for a new password, you can ignore this e-mail; your password stays as it is.',
  ].join('\n');
  const html = layout('Reset your password', [
    `Hello ${escapeHtml(o.name)},`,
    `We received a request to reset your password. <a href="${escapeHtml(o.link)}">Choose a new password</a>.`,
    'The link is valid for one hour and can be used once.',
    'If you did not ask for a new password, you can ignore this e-mail; your password stays as it is.',
  ]);
  return { to: o.to, toName: o.name, recipientId: o.recipientId, subject, text, html, templateType: 'password_reset' };
}

export function passwordChangedMail(o: { to: string; name: string; recipientId: number; appUrl: string }): OutgoingMail {
  const subject = `Your ${PRODUCT_NAME} password was changed`;
  const text = [
    `Hello ${o.name},`,
    '',
    'The password of your account was just changed, and every signed-in device was signed out.',
    'If this was you, nothing else is needed.',
    `If it was not you, reset your password at once from the login page (${o.appUrl}) and contact support.`,
  ].join('\n');
  const html = layout('Your password was changed', [
    `Hello ${escapeHtml(o.name)},`,
    'The password of your account was just changed, and every signed-in device was signed out.',
    'If this was you, nothing else is needed.',
    `If it was not you, reset your password at once from the <a href="${escapeHtml(o.appUrl)}">login page</a> and contact support.`,
  ]);
  return { to: o.to, toName: o.name, recipientId: o.recipientId, subject, text, html, templateType: 'password_changed' };
}
