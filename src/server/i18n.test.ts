import { describe, expect, it } from 'vitest';
import { i18nFor, listWordIn } from './i18n';

// Decision 045: a state, city or specialty of the spec's lists is stored in English and said in the reader's language;
// a place or name typed in is said as written, whatever it holds.
describe('listWordIn', () => {
  it("says a word of the spec's lists in the reader's language", () => {
    expect(listWordIn(i18nFor('hi'), 'Cardiology')).toBe(i18nFor('hi')._('Cardiology'));
    expect(listWordIn(i18nFor('hi'), 'Cardiology')).not.toBe('Cardiology');
    expect(listWordIn(i18nFor('en'), 'Cardiology')).toBe('Cardiology');
  });

  it('leaves a text typed in as written, even one that looks like a message', () => {
    for (const typed of ['Baramulla {North}', "Bishop's {Town", 'Sopore']) {
      expect(listWordIn(i18nFor('ur'), typed)).toBe(typed);
    }
  });
});
