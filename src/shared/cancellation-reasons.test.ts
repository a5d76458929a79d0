import { describe, expect, it } from 'vitest';
import hi from './i18n/server/hi.json' with { type: 'json' };
import ur from './i18n/server/ur.json' with { type: 'json' };
import { createI18n } from './i18n/translator';
import { DOCTOR_REMOVED_REASON, reasonIn } from './cancellation-reasons';

// docs/decisions/052: the product's own reasons and the spec's quick picks in the reader's language, whatever language
// they were stored in; anything else as typed.

const en = createI18n('en');
const hindi = createI18n('hi', hi);
const urdu = createI18n('ur', ur);

describe('a stored cancellation reason, where it is shown', () => {
  it('is the product’s own text or a quick pick in the reader’s language', () => {
    expect(reasonIn(hindi, 'Doctor is leaving for conference')).toBe(hindi._('Doctor is leaving for conference'));
    expect(reasonIn(hindi, 'Doctor is leaving for conference')).not.toBe('Doctor is leaving for conference');
    expect(reasonIn(urdu, DOCTOR_REMOVED_REASON)).toBe(urdu._(DOCTOR_REMOVED_REASON));
    expect(reasonIn(urdu, DOCTOR_REMOVED_REASON)).not.toBe(DOCTOR_REMOVED_REASON);
  });

  it('is a quick pick the clinic filled in in Hindi, said in Urdu or English', () => {
    const picked = hindi._('Clinic will be closed today');
    expect(reasonIn(urdu, picked, [hindi])).toBe(urdu._('Clinic will be closed today'));
    expect(reasonIn(en, picked, [hindi, urdu])).toBe('Clinic will be closed today');
  });

  it('is anything else as typed, braces and all', () => {
    expect(reasonIn(hindi, 'Doctor at a {camp} today')).toBe('Doctor at a {camp} today');
    expect(reasonIn(hindi, 'Doctor is leaving for conference early')).toBe('Doctor is leaving for conference early');
  });
});
