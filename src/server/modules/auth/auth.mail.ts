import { PRODUCT_NAME } from '../../../shared/constants';
import type { Locale } from '../../../shared/i18n/locales';
import type { AccountKind } from '../../../shared/schemas/auth';
import { i18nFor } from '../../i18n';
import type { OutgoingMail } from '../../outbox/outbox';

// The texts of the accounts e-mails, in the reader's language (docs/decisions/045-languages.md). The code comes
// before any link, so the first 6-digit number in the text is the code.

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** A translated sentence whose <link>...</link> part becomes a link. */
const withLink = (text: string, href: string) => text.replace('<link>', `<a href="${escapeHtml(href)}">`).replace('</link>', '</a>');

function layout(locale: Locale, title: string, paragraphs: string[]): string {
  const i18n = i18nFor(locale);
  const body = paragraphs.map((p) => `<p style="margin:0 0 16px">${p}</p>`).join('');
  // English as it always was; Hindi and Urdu name their language, and Urdu reads right to left.
  const attrs = locale === 'en' ? '' : ` lang="${locale}"${locale === 'ur' ? ' dir="rtl"' : ''}`;
  return `<!doctype html><html${attrs}><body style="font-family:Arial,sans-serif;color:#1f2937;max-width:560px;margin:0 auto;padding:24px">
<h1 style="font-size:20px;color:#1d4ed8">${escapeHtml(title)}</h1>${body}
<p style="font-size:12px;color:#6b7280">${i18n._('{product} Healthcare Platform', { product: PRODUCT_NAME })}</p></body></html>`;
}

/**
 * The code and link to an address nobody has proved yet: whoever registers may type any address, so nothing they
 * typed is in the text (a 200-character name of links and numbers would make it their advert). The name is kept
 * for the admin's e-mail log only.
 */
export function verificationMail(o: { to: string; name: string; code: string; link: string; kind: AccountKind; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const hello = i18n._('Hello,');
  const subject = i18n._('Your {product} verification code', { product: PRODUCT_NAME });
  const enterCode = i18n._(
    'Enter this 6-digit code on the verification page of the browser you registered in. It expires in 15 minutes and allows 3 attempts.',
  );
  const ignore = i18n._('If you did not register for {product}, you can ignore this e-mail.', { product: PRODUCT_NAME });
  const text = [
    hello,
    '',
    i18n._('Your verification code is: {code}', { code: o.code }),
    '',
    enterCode,
    '',
    i18n._('On any other device, verify your e-mail address with this link; you will choose your password there:'),
    o.link,
    '',
    ignore,
  ].join('\n');
  const html = layout(o.locale, i18n._('Verify your e-mail address'), [
    escapeHtml(hello),
    i18n._('Your verification code is: {code}', { code: `<strong style="font-size:24px;letter-spacing:4px">${o.code}</strong>` }),
    enterCode,
    withLink(i18n._('On any other device, <link>verify your e-mail address with this link</link>; you will choose your password there.'), o.link),
    ignore,
  ]);
  return { to: o.to, toName: o.name, subject, text, html, templateType: 'verification' };
}

export function passwordResetMail(o: { to: string; name: string; link: string; recipientId: number; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const subject = i18n._('Reset your {product} password', { product: PRODUCT_NAME });
  const validity = i18n._('The link is valid for one hour and can be used once.');
  const ignore = i18n._('If you did not ask for a new password, you can ignore this e-mail; your password stays as it is.');
  const text = [
    i18n._('Hello {name},', { name: o.name }),
    '',
    i18n._('We received a request to reset your password. Open this link to choose a new one:'),
    o.link,
    '',
    validity,
    ignore,
  ].join('\n');
  const html = layout(o.locale, i18n._('Reset your password'), [
    i18n._('Hello {name},', { name: escapeHtml(o.name) }),
    withLink(i18n._('We received a request to reset your password. <link>Choose a new password</link>.'), o.link),
    validity,
    ignore,
  ]);
  return { to: o.to, toName: o.name, recipientId: o.recipientId, subject, text, html, templateType: 'password_reset' };
}

export function passwordChangedMail(o: { to: string; name: string; recipientId: number; appUrl: string; locale: Locale }): OutgoingMail {
  const i18n = i18nFor(o.locale);
  const subject = i18n._('Your {product} password was changed', { product: PRODUCT_NAME });
  const changed = i18n._('The password of your account was just changed, and every signed-in device was signed out.');
  const wasYou = i18n._('If this was you, nothing else is needed.');
  const text = [
    i18n._('Hello {name},', { name: o.name }),
    '',
    changed,
    wasYou,
    i18n._('If it was not you, reset your password at once from the login page ({url}) and contact support.', { url: o.appUrl }),
  ].join('\n');
  const html = layout(o.locale, i18n._('Your password was changed'), [
    i18n._('Hello {name},', { name: escapeHtml(o.name) }),
    changed,
    wasYou,
    withLink(i18n._('If it was not you, reset your password at once from the <link>login page</link> and contact support.'), o.appUrl),
  ]);
  return { to: o.to, toName: o.name, recipientId: o.recipientId, subject, text, html, templateType: 'password_changed' };
}
