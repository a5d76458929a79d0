// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import hi from '../../shared/i18n/client/hi.json' with { type: 'json' };
import { formatted } from '../../shared/i18n/formatted';
import { activateLocale, i18n, listWord } from './i18n';

// The client's translator (decision 045): English texts are their own ids; Hindi comes from its catalogue.
describe('i18n._ in the browser', () => {
  afterAll(() => activateLocale('en', { remember: false }));
  const template = 'Appointments can be booked up to {date}. Please select an earlier date.';

  it("shows an English text as it is, its placeholders filled, and a shared rule's built message in English", () => {
    expect(i18n._('Welcome, {name}', { name: 'Ravi' })).toBe('Welcome, Ravi');
    expect(i18n._(formatted(template, { date: '24/12/2026' }))).toBe('Appointments can be booked up to 24/12/2026. Please select an earlier date.');
  });

  it("translates a shared rule's message built with values as its template, the values kept", async () => {
    await activateLocale('hi', { remember: false });
    const expected = (hi as Record<string, string>)[template]!.replace('{date}', '24/12/2026');
    expect(expected).not.toContain('Appointments');
    expect(i18n._(formatted(template, { date: '24/12/2026' }))).toBe(expected);
    expect(document.documentElement.lang).toBe('hi');
  });

  it('translates such a message given as the value of another text', async () => {
    await activateLocale('hi', { remember: false });
    const catalog = hi as Record<string, string>;
    const when = formatted('{date} at {time}', { date: '24/11/2026', time: '15:30' });
    const expected = catalog['{doctor} on {when}']!.replace('{doctor}', 'Dr. Mir').replace(
      '{when}',
      catalog['{date} at {time}']!.replace('{date}', '24/11/2026').replace('{time}', '15:30'),
    );
    expect(expected).not.toContain(' at ');
    expect(i18n._('{doctor} on {when}', { doctor: 'Dr. Mir', when })).toBe(expected);
  });

  it("says a word of the spec's lists in the language, and a text typed in as written", async () => {
    await activateLocale('en', { remember: false });
    expect(listWord('Baramulla {North}')).toBe('Baramulla {North}');
    expect(listWord('Cardiology')).toBe('Cardiology');
    await activateLocale('hi', { remember: false });
    expect(listWord('Cardiology')).toBe((hi as Record<string, string>)['Cardiology']);
    expect(listWord('Baramulla {North}')).toBe('Baramulla {North}');
  });
});
