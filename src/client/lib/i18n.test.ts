// @vitest-environment jsdom
import { afterAll, describe, expect, it } from 'vitest';
import hi from '../../shared/i18n/client/hi.json' with { type: 'json' };
import { BOOKING_MESSAGES } from '../../shared/booking/booking-rules';
import { visitDateText } from '../../shared/booking/visit-label';
import { messageOf } from '../../shared/i18n/message';
import { MAX_SLOTS_MESSAGE } from '../../shared/schemas/clinic';
import { activateLocale, i18n, listWord } from './i18n';

// The client's translator (decisions 045 and 068): English texts are their own ids; Hindi comes from its catalogue; a
// shared rule's message with values arrives as Lingui's descriptor and is shown with Lingui's own i18n._.
const HINDI = hi as Record<string, string>;

describe('i18n._ in the browser', () => {
  afterAll(() => activateLocale('en', { remember: false }));
  const template = 'Appointments can be booked up to {date}. Please select an earlier date.';

  it("shows an English text as it is, its placeholders filled, and a shared rule's message in English", async () => {
    await activateLocale('en', { remember: false });
    expect(i18n._('Welcome, {name}', { name: 'Ravi' })).toBe('Welcome, Ravi');
    expect(i18n._(BOOKING_MESSAGES.beyondHorizon('2026-12-24'))).toBe('Appointments can be booked up to 24/12/2026. Please select an earlier date.');
    expect(i18n._(messageOf(MAX_SLOTS_MESSAGE))).toBe('Max slots must be between 1 and 100.');
  });

  it("translates a shared rule's descriptor as its template, the values kept", async () => {
    await activateLocale('hi', { remember: false });
    const expected = HINDI[template]!.replace('{date}', '24/12/2026');
    expect(expected).not.toContain('Appointments');
    expect(i18n._(BOOKING_MESSAGES.beyondHorizon('2026-12-24'))).toBe(expected);
    expect(document.documentElement.lang).toBe('hi');
  });

  it('translates such a message given as the value of another text', async () => {
    await activateLocale('hi', { remember: false });
    const expected = HINDI['{doctor} on {when}']!.replace('{doctor}', 'Dr. Mir').replace(
      '{when}',
      HINDI['{date} at {time}']!.replace('{date}', '24/11/2026').replace('{time}', '15:30'),
    );
    expect(expected).not.toContain(' at ');
    expect(i18n._('{doctor} on {when}', { doctor: 'Dr. Mir', when: i18n._(visitDateText('2026-11-24', '15:30')) })).toBe(expected);
  });

  it("says a word of the spec's lists in the language, and a text typed in as written", async () => {
    await activateLocale('en', { remember: false });
    expect(listWord('Baramulla {North}')).toBe('Baramulla {North}');
    expect(listWord('Cardiology')).toBe('Cardiology');
    await activateLocale('hi', { remember: false });
    expect(listWord('Cardiology')).toBe(HINDI['Cardiology']);
    expect(listWord('Baramulla {North}')).toBe('Baramulla {North}');
  });
});
