import { formatDisplayDate, todayInIndia } from '../dates';
import type { Message } from '../i18n/message';

// How a refund is written on the screens and in the rep's e-mail (docs/decisions/032).

/** An amount in paise as rupees: 9900 -> '99', 4950 -> '49.50'. */
export const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** 'INR 99 refunded on 02/03/2026' (the date an Indian calendar day). */
export function refundSummary(refund: { amount: number; currency: string; refundedAt: string | null }): Message {
  const amount = { currency: refund.currency, amount: rupeesOf(refund.amount) };
  if (!refund.refundedAt) return /*i18n*/ { id: '{currency} {amount} refunded', values: amount };
  return /*i18n*/ { id: '{currency} {amount} refunded on {date}', values: { ...amount, date: formatDisplayDate(todayInIndia(new Date(refund.refundedAt))) } };
}
