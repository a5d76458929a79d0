// @vitest-environment jsdom
import { generateMessageId } from '@lingui/message-utils/generateMessageId';
import { afterAll, describe, expect, it } from 'vitest';
import en from '../../../../shared/i18n/client/en.json' with { type: 'json' };
import hi from '../../../../shared/i18n/client/hi.json' with { type: 'json' };
import { activateLocale, i18n } from '../../../lib/i18n';
import { REASON_SHORT } from './calendar-day-text';

// A calendar day's word with a context (docs/decisions/068): the same English as a button's, its own translation.
const HINDI = hi as Record<string, string>;

describe('the calendar day words', () => {
  afterAll(() => activateLocale('en', { remember: false }));

  it("says a calendar day's 'Leave' and the button's 'Leave' each in its own words", async () => {
    // Its id is Lingui's id of the text and its context, as Lingui's macro would write it.
    expect(REASON_SHORT.leave.id).toBe(generateMessageId(REASON_SHORT.leave.message!, REASON_SHORT.leave.context));
    await activateLocale('en', { remember: false });
    expect(i18n._(REASON_SHORT.leave)).toBe('Leave');
    expect((en as Record<string, string>)[REASON_SHORT.leave.id]).toBe('Leave');
    await activateLocale('hi', { remember: false });
    expect(i18n._(REASON_SHORT.leave)).toBe(HINDI[REASON_SHORT.leave.id]);
    expect(i18n._('Leave')).toBe(HINDI['Leave']);
    expect(i18n._(REASON_SHORT.leave)).not.toBe(i18n._('Leave'));
  });
});
