import { describe, expect, it } from 'vitest';
import { gstinCheckCharacter, isValidGstin, normalGstin } from './gstin';

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
