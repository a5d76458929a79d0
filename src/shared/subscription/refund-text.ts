import { formatDisplayDate, todayInIndia } from '../dates';
import { formatted } from '../i18n/formatted';

// How a refund is written on the screens and in the rep's e-mail (docs/decisions/032).

/** An amount in paise as rupees: 9900 -> '99', 4950 -> '49.50'. */
export const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** 'INR 99 refunded on 02/03/2026' (the date an Indian calendar day). */
export function refundSummary(refund: { amount: number; currency: string; refundedAt: string | null }): string {
  const amount = { currency: refund.currency, amount: rupeesOf(refund.amount) };
  if (!refund.refundedAt) return formatted(/*i18n*/ '{currency} {amount} refunded', amount);
  return formatted(/*i18n*/ '{currency} {amount} refunded on {date}', { ...amount, date: formatDisplayDate(todayInIndia(new Date(refund.refundedAt))) });
}
