import { PLANS, PRODUCT_NAME } from './constants';
import type { EmailTemplateType } from './schemas/admin';

// The admin's e-mail texts (spec part 2, 2.5 and 2.6): the server sends them, the screens preview them.

/** The re-registration e-mail to a rep whose registration is pending. The code is the first 6-digit number. */
export function reregistrationMailText(o: { name: string; code: string; link: string }): { subject: string; text: string } {
  return {
    subject: `Complete your ${PRODUCT_NAME} registration`,
    text: [
      `Hello ${o.name},`,
      '',
      `You started registering for ${PRODUCT_NAME} but your e-mail address is not verified yet, so your account is not active.`,
      '',
      `Your new verification code is: ${o.code}`,
      '',
      'Enter this 6-digit code on the verification page of the browser you registered in. It expires in 15 minutes and allows 3 attempts.',
      '',
      'On any other device, complete your registration with this link (valid for 24 hours); you will choose your password there:',
      o.link,
      '',
      `If you no longer wish to join ${PRODUCT_NAME}, you can ignore this e-mail.`,
    ].join('\n'),
  };
}

export interface QuickTemplate {
  type: Exclude<EmailTemplateType, 'custom'>;
  label: string;
  subject: string;
  content: string;
}

/** The four quick templates of the compose tab; {{name}} becomes each recipient's name. */
export const QUICK_TEMPLATES: QuickTemplate[] = [
  {
    type: 'welcome',
    label: /*i18n*/ 'Welcome',
    subject: `Welcome to ${PRODUCT_NAME}, {{name}}!`,
    content: [
      'Hello {{name}},',
      '',
      `Welcome to ${PRODUCT_NAME}! You can now find doctors by state, city and specialty, see their availability and book your visits in a few taps.`,
      '',
      'Start your free trial from the Subscription panel in your dashboard to begin booking.',
      '',
      `The ${PRODUCT_NAME} Team`,
    ].join('\n'),
  },
  {
    type: 'reminder',
    label: /*i18n*/ 'Trial Reminder',
    subject: '{{name}}, your free trial is waiting',
    content: [
      'Hello {{name}},',
      '',
      `You have not started your ${PRODUCT_NAME} free trial yet. Activate it from the Subscription panel in your dashboard and book your next doctor visits today.`,
      '',
      `The ${PRODUCT_NAME} Team`,
    ].join('\n'),
  },
  {
    type: 'subscription',
    label: /*i18n*/ 'Subscription Upgrade',
    subject: `Keep booking with ${PRODUCT_NAME}, {{name}}`,
    content: [
      'Hello {{name}},',
      '',
      `Upgrade to a ${PRODUCT_NAME} plan to keep booking visits without interruption: monthly at ₹${PLANS.monthly.priceInr} or yearly at ₹${PLANS.yearly.priceInr}.`,
      '',
      'Use promo code UPGRADE20 for 20% off your first month.',
      '',
      `The ${PRODUCT_NAME} Team`,
    ].join('\n'),
  },
  {
    type: 'updates',
    label: /*i18n*/ 'Platform Updates',
    subject: `What's new on ${PRODUCT_NAME}`,
    content: [
      'Hello {{name}},',
      '',
      `We have made ${PRODUCT_NAME} better: faster doctor search, clearer availability calendars and e-mail confirmations with calendar invitations for every booking.`,
      '',
      'Log in to your dashboard to see what is new.',
      '',
      `The ${PRODUCT_NAME} Team`,
    ].join('\n'),
  },
];
