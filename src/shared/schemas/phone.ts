import { z } from 'zod';

// Phone numbers (docs/decisions/032-refunds-phones-horizon-ics.md). The forms accept what the spec's forms accept
// (part 1, 5 and 6: at least 10 digits or characters; part 2, 2.1: digits, spaces, dashes, parentheses, an optional
// leading plus), and every number is stored in ONE canonical form so that uniqueness compares numbers, not strings:
// Indian numbers in E.164 (+91 and the 10-digit national number, from 9906001202, 09906001202, 919906001202,
// +91 99060 01202, 0091-99060-01202...), another country's number given with + or 00 as + and its digits, anything
// else as its digits. The migration 0017 applies the same rule in SQL (canonical_phone) to the rows stored before.

const SEPARATORS = /[\s\-().]/g;

/** The one stored form of a phone number; idempotent (a canonical number is its own canonical form). */
export function canonicalPhone(raw: string): string {
  const trimmed = raw.trim();
  const compact = trimmed.replace(SEPARATORS, '');
  if (!/^\+?\d+$/.test(compact)) return trimmed;
  const digits = compact.replace('+', '');
  if (compact.startsWith('+')) return /^910\d{10}$/.test(digits) ? `+91${digits.slice(3)}` : `+${digits}`;
  if (/^00\d{3,}$/.test(digits)) return canonicalPhone(`+${digits.slice(2)}`);
  if (/^[1-9]\d{9}$/.test(digits)) return `+91${digits}`;
  if (/^0[1-9]\d{9}$/.test(digits)) return `+91${digits.slice(1)}`;
  if (/^91[1-9]\d{9}$/.test(digits)) return `+${digits}`;
  return digits;
}

/** A canonical number as people read it: an Indian mobile number as +91 99060 01202, others as stored. */
export function displayPhone(value: string | null | undefined): string {
  if (!value) return '';
  const indian = /^\+91(\d{10})$/.exec(value);
  if (!indian) return value;
  const national = indian[1]!;
  return /^[6-9]/.test(national) ? `+91 ${national.slice(0, 5)} ${national.slice(5)}` : `+91 ${national}`;
}

/** Rep registration (spec part 1, 6): at most 20 characters, at least 10 digits; stored canonical. */
export const repPhoneSchema = z
  .string()
  .trim()
  .max(20, /*i18n*/ 'Phone number must be at most 20 characters')
  .refine((v) => v.replace(/\D/g, '').length >= 10, /*i18n*/ 'Phone number must be at least 10 digits')
  .transform(canonicalPhone);

/** Clinic registration (spec part 1, 5 table): at least 10 characters; stored canonical. */
export const clinicContactNumberSchema = z.string().trim().min(10, /*i18n*/ 'Contact number must be at least 10 characters').max(20).transform(canonicalPhone);
