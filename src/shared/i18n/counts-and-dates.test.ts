import { describe, expect, it } from 'vitest';
import clientEn from './client/en.json' with { type: 'json' };
import clientHi from './client/hi.json' with { type: 'json' };
import clientUr from './client/ur.json' with { type: 'json' };
import serverEn from './server/en.json' with { type: 'json' };
import serverHi from './server/hi.json' with { type: 'json' };
import serverUr from './server/ur.json' with { type: 'json' };
import { createI18n, type Catalog } from './translator';

// Docs/decisions/057: a count says one or many as its number asks ("1 admin", "2 admins"), through an ICU plural the
// translators give their own forms, and a date a user reads is dd/mm/yyyy (src/shared/dates.ts formatDisplayDate).

const EN: Record<string, Catalog> = { client: clientEn, server: serverEn };
const ids = Object.entries(EN).flatMap(([half, catalog]) => Object.keys(catalog).map((id) => ({ half, id })));

/**
 * Placeholders that are fixed limits of the code, each above one, or a list of numbers: "at most {max} characters"
 * never meets a count of one. Every other number before a plural noun is a count that can be 1.
 */
const FIXED_NUMBERS = new Set(['min', 'max', 'monthlyDays', 'yearlyDays', 'frequencies', 'hours']);
/** Placeholders that hold words, not numbers ("{name} gets a new link", "{product} visits"). */
const WORDS = new Set(['name', 'title', 'visit', 'product', 'doctor', 'clinic', 'city', 'query', 'label', 'noun', 'target']);

/** `{n} nouns`, `{n} offline appointment(s)` outside any plural: a number written before an English plural noun. */
function bareCounts(id: string): string[] {
  if (id.includes(', plural,')) return [];
  return [...id.matchAll(/\{(\w+)\}\+? (?:[a-z]+ )?((?:[A-Za-z-]+s|[a-z]+\(s\)|entries)(?=[\s.,;:)]|$))/g)]
    .filter((m) => !FIXED_NUMBERS.has(m[1]!) && !WORDS.has(m[1]!))
    .filter((m) => !/^(?:is|was|has|does|its|this|thus|plus|always|less|across|unless)$/i.test(m[2]!))
    .map((m) => m[0]);
}

describe('counts in the catalogues', () => {
  it('finds the bare count it looks for', () => {
    expect(bareCounts('Showing {count} admins')).toEqual(['{count} admins']);
    expect(bareCounts('{count} offline appointment(s) have been synced successfully.')).toEqual(['{count} offline appointment(s)']);
    expect(bareCounts('Send to {count} Recipients')).toEqual(['{count} Recipients']);
    expect(bareCounts('Please try again in {seconds} seconds.')).toEqual(['{seconds} seconds']);
    expect(bareCounts('{count, plural, one {# admin} other {# admins}}')).toEqual([]);
    expect(bareCounts('At most {max} recipients per send')).toEqual([]);
  });

  it('leave no count bare before a plural noun: each says one and many through a plural', () => {
    const bare = ids.filter(({ id }) => bareCounts(id).length > 0).map(({ half, id }) => `${half}: ${id}`);
    expect(bare).toEqual([]);
  });

  it('have no list noun given as a bare plural word: a noun is a plural message so it agrees with its count', () => {
    const words = [
      'admins',
      'appointments',
      'clinics',
      'emails',
      'entries',
      'events',
      'messages',
      'representatives',
      'subscriptions',
      'medical reps',
      'doctors at clinics',
    ];
    expect(ids.filter(({ id }) => words.includes(id)).map(({ id }) => id)).toEqual([]);
  });
});

describe('a count of one in each language (decision 057)', () => {
  const catalogs: Record<'hi' | 'ur', Catalog> = { hi: clientHi, ur: clientUr };
  const noun = '{count, plural, one {admin} other {admins}}';
  const summary = '{count, plural, one {Showing {shown} {noun}} other {Showing {shown} {noun}}}';
  const say = (locale: 'en' | 'hi' | 'ur', count: number) => {
    const i18n = createI18n(locale, locale === 'en' ? {} : catalogs[locale]);
    return i18n._(summary, { count, shown: String(count), noun: i18n._(noun, { count }) });
  };

  it('says one admin as one and two as many in English', () => {
    expect(say('en', 1)).toBe('Showing 1 admin');
    expect(say('en', 2)).toBe('Showing 2 admins');
  });

  it('gives Hindi and Urdu their own one and many forms', () => {
    expect(say('hi', 1)).toBe('1 एडमिन दिखाया जा रहा है');
    expect(say('hi', 2)).toBe('2 एडमिन दिखाए जा रहे हैं');
    expect(say('ur', 1)).toBe('1 ایڈمن دکھایا جا رہا ہے');
    expect(say('ur', 2)).toBe('2 ایڈمنز دکھائے جا رہے ہیں');
  });

  it('says one second, not one seconds, in a refusal of the server', () => {
    const id =
      '{seconds, plural, one {Too many attempts. Please try again in {seconds} second.} other {Too many attempts. Please try again in {seconds} seconds.}}';
    expect(createI18n('en')._(id, { seconds: 1 })).toBe('Too many attempts. Please try again in 1 second.');
    expect(createI18n('ur', serverUr)._(id, { seconds: 1 })).toBe('بہت زیادہ کوششیں ہو گئیں۔ براہ کرم 1 سیکنڈ بعد دوبارہ کوشش کریں۔');
    expect(createI18n('hi', serverHi)._(id, { seconds: 30 })).toBe('बहुत ज़्यादा प्रयास हो गए। कृपया 30 सेकंड बाद फिर से कोशिश करें।');
  });
});

describe('dates in the catalogues', () => {
  const MONTH = '(?:Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)[a-z]*\\.?';
  const OTHER_STYLES = [
    new RegExp(`\\b${MONTH} \\d{1,2}, \\d{4}\\b`), // June 1, 2025
    new RegExp(`\\b\\d{1,2} ${MONTH} \\d{4}\\b`), // 1 June 2025
    /\b\d{4}-\d{2}-\d{2}\b/, // 2025-06-01
  ];

  it('write no date in another style than dd/mm/yyyy', () => {
    const other = ids.filter(({ id }) => OTHER_STYLES.some((style) => style.test(id))).map(({ half, id }) => `${half}: ${id}`);
    expect(other).toEqual([]);
  });
});
