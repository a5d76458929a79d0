import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isValidGstin, normalGstin } from './gstin';
import { companyRegisterSchema } from './schemas/auth';

// docs/decisions/087-company-accounts.md: a GSTIN is checked in its shape and its check character before a company
// account is made with it.

// The example GSTIN of the GST portal's own documentation (Maharashtra, state code 27).
const VALID = '27AAPFU0939F1ZV';

describe('a GSTIN', () => {
  it('is valid with its shape, a state code and the right check character', () => {
    expect(gstinCheckCharacter(VALID.slice(0, 14))).toBe('V');
    expect(isValidGstin(VALID)).toBe(true);
    expect(isValidGstin('29AAGCB7383J1Z4')).toBe(true);
  });

  it('is refused with a wrong check character', () => {
    expect(isValidGstin('27AAPFU0939F1ZW')).toBe(false);
    expect(isValidGstin('27AAPFU0939F1Z0')).toBe(false);
  });

  it('is refused out of shape or with a state code that does not exist', () => {
    for (const bad of ['', '27AAPFU0939F1Z', '27AAPFU0939F1ZVX', '27AAPF00939F1ZV', '27AAPFU0939F1YV', '27AAPFU0939F0ZV', '27aapfu0939f1zv']) {
      expect(isValidGstin(bad), bad).toBe(false);
    }
    const noState = `00${VALID.slice(2, 14)}`;
    expect(isValidGstin(noState + gstinCheckCharacter(noState))).toBe(false);
    const farState = `45${VALID.slice(2, 14)}`;
    expect(isValidGstin(farState + gstinCheckCharacter(farState))).toBe(false);
  });

  it('is read as typed, in either case and with spaces around', () => {
    expect(normalGstin(' 27aapfu0939f1zv ')).toBe(VALID);
  });
});

describe('the company registration payload', () => {
  const payload = { companyName: 'Sun Pharma', contactName: 'Meera Rao', email: 'meera@example.com', phone: '9906001202', password: 'Str0ng!Pass' };

  it('takes a valid GSTIN in its stored form, or none', () => {
    expect(companyRegisterSchema.parse({ ...payload, gstin: ' 27aapfu0939f1zv' }).gstin).toBe(VALID);
    expect(companyRegisterSchema.parse(payload).gstin).toBeUndefined();
    expect(companyRegisterSchema.parse({ ...payload, gstin: '' }).gstin).toBeUndefined();
  });

  it('refuses a GSTIN with a wrong check character with its message', () => {
    const result = companyRegisterSchema.safeParse({ ...payload, gstin: '27AAPFU0939F1ZW' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Please enter a valid GSTIN.']);
  });
});
