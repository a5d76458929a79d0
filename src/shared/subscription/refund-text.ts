import { formatDisplayDate, todayInIndia } from '../dates';

// How a refund is written on the screens and in the rep's e-mail (docs/decisions/032).

/** An amount in paise as rupees: 9900 -> '99', 4950 -> '49.50'. */
export const rupeesOf = (paise: number) => (paise % 100 === 0 ? String(paise / 100) : (paise / 100).toFixed(2));

/** 'INR 99 refunded on 02/03/2026' (the date an Indian calendar day). */
export function refundSummary(refund: { amount: number; currency: string; refundedAt: string | null }): string {
  const on = refund.refundedAt ? ` on ${formatDisplayDate(todayInIndia(new Date(refund.refundedAt)))}` : '';
  return `${refund.currency} ${rupeesOf(refund.amount)} refunded${on}`;
}
