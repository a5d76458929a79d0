// @vitest-environment jsdom
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from './i18n';
import { formatDateTime, formatLongDate } from './intl-format';

// Docs/decisions/057: a date a user reads is dd/mm/yyyy in every language (src/shared/dates.ts formatDisplayDate),
// alone, after its weekday or before a time.
describe('the screens’ date helpers', () => {
  afterAll(() => activateLocale('en', { remember: false }));

  it('write an instant as dd/mm/yyyy and its time in India, four digits of year and leading zeros kept', async () => {
    // 09:35 UTC on 2 March 2026 is 15:05 in India.
    expect(formatDateTime('2026-03-02T09:35:00.000Z')).toBe('02/03/2026, 3:05 pm');
    // 20:00 UTC is already the next day in India.
    expect(formatDateTime(Date.parse('2026-03-02T20:00:00.000Z'))).toBe('03/03/2026, 1:30 am');
    await activateLocale('hi', { remember: false });
    expect(formatDateTime('2026-03-02T09:35:00.000Z')).toMatch(/^02\/03\/2026, /);
    await activateLocale('ur', { remember: false });
    expect(formatDateTime('2026-03-02T09:35:00.000Z')).toMatch(/^02\/03\/2026، /);
    await activateLocale('en', { remember: false });
    expect(() => formatDateTime('not a time')).toThrow(RangeError);
  });

  it('write a date with its weekday as "Tuesday, 10/03/2026", the weekday in the language', async () => {
    expect(formatLongDate('2026-03-10')).toBe('Tuesday, 10/03/2026');
    await activateLocale('hi', { remember: false });
    expect(formatLongDate('2026-03-10')).toBe('मंगलवार, 10/03/2026');
    await activateLocale('ur', { remember: false });
    expect(formatLongDate('2026-03-10')).toBe('منگل، 10/03/2026');
    await activateLocale('en', { remember: false });
  });
});

/** The source files of the screens and the messages, tests aside. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$|test-support/.test(name) ? [path] : [];
  });
}

describe('dates in the code', () => {
  // Intl's own date styles write another date than dd/mm/yyyy ('02/03/26', '2/3/26', 'Mar 2, 2026'); the one
  // helper builds dates from formatDisplayDate. Intl stays for weekdays, months of a calendar and times of day.
  const OTHER_STYLES = /toLocaleDateString|toLocaleTimeString|toDateString|dateStyle|year: '2-digit'|month: 'short'|day: 'numeric'/;

  it('leaves no screen or message writing a date with Intl’s date styles', () => {
    const found = ['src/client', 'src/server', 'src/shared']
      .flatMap(sources)
      .flatMap((file) =>
        readFileSync(file, 'utf8')
          .split('\n')
          .map((line, i) => ({ file, line: i + 1, text: line }))
          .filter(({ text }) => OTHER_STYLES.test(text)),
      )
      .map(({ file, line, text }) => `${file}:${line}: ${text.trim()}`);
    expect(found).toEqual([]);
  });
});
