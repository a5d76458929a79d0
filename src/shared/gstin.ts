// A company's GSTIN, the Goods and Services Tax identification number (docs/decisions/087-company-accounts.md). Plain
// TypeScript shared by the registration form and the server, which is the authority. A GSTIN is 15 characters: the
// 2-digit state code, the holder's 10-character PAN (5 letters, 4 digits, a letter), the entity number (1-9 or A-Z),
// 'Z' by default, and a check character computed over the first 14 (base 36: digits then capital letters).

const ALPHABET = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const SHAPE = /^(\d{2})[A-Z]{5}\d{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * The state codes GST uses: 01 to 38 for the states and union territories, 97 for 'Other Territory' and 99 for the
 * Centre's jurisdiction.
 */
const isStateCode = (code: number) => (code >= 1 && code <= 38) || code === 97 || code === 99;

/** The message of a GSTIN that is not one (the API answers it with 400 validation_error). */
export const GSTIN_INVALID = /*i18n*/ 'Please enter a valid GSTIN.';

/**
 * The check character of the first 14 characters: each character's value times 1 or 2 (alternately, from the left),
 * the product's base-36 digits added up, and the character that brings the sum to a multiple of 36.
 */
export function gstinCheckCharacter(first14: string): string {
  let sum = 0;
  for (let i = 0; i < 14; i++) {
    const product = ALPHABET.indexOf(first14[i]!) * (i % 2 === 0 ? 1 : 2);
    sum += Math.floor(product / 36) + (product % 36);
  }
  return ALPHABET[(36 - (sum % 36)) % 36]!;
}

/** The one stored form: trimmed, capital letters (a form may send it as typed). */
export const normalGstin = (raw: string) => raw.trim().toUpperCase();

/** Whether `gstin` (in its stored form) has a GSTIN's shape, a state code that exists and the right check character. */
export function isValidGstin(gstin: string): boolean {
  const shape = SHAPE.exec(gstin);
  if (!shape || !isStateCode(Number(shape[1]))) return false;
  return gstinCheckCharacter(gstin.slice(0, 14)) === gstin[14];
}
