import { describe, expect, it } from 'vitest';
import { NO_SELECTION, afterFilterChange, isRecipientSelected, recipientsOfSend, selectAllOf, selectedCount, toggleRecipient } from './recipient-selection';

describe('recipient selection (spec part 2, 2.6; decision 023)', () => {
  it('ticked reps travel as ids', () => {
    let s = toggleRecipient(NO_SELECTION, 4, true);
    s = toggleRecipient(s, 9, true);
    s = toggleRecipient(s, 4, false);
    expect(selectedCount(s, 1000)).toBe(1);
    expect(isRecipientSelected(s, 9)).toBe(true);
    expect(recipientsOfSend(s)).toEqual({ recipientIds: [9] });
  });

  it('"Select All" travels as the filter, less the reps unticked afterwards, and counts from the server total', () => {
    const filter = { status: 'expired' as const, q: 'mir' };
    let s = selectAllOf(filter);
    expect(selectedCount(s, 12_345)).toBe(12_345);
    s = toggleRecipient(s, 7, false);
    s = toggleRecipient(s, 8, false);
    s = toggleRecipient(s, 8, true);
    expect(isRecipientSelected(s, 7)).toBe(false);
    expect(isRecipientSelected(s, 8)).toBe(true);
    expect(selectedCount(s, 12_345)).toBe(12_344);
    expect(recipientsOfSend(s)).toEqual({ selection: { all: true, filter, except: [7] } });
  });

  it('a new filter ends a selection of all, but keeps ticked reps', () => {
    expect(afterFilterChange(selectAllOf({ status: 'all' }))).toEqual(NO_SELECTION);
    const ticked = toggleRecipient(NO_SELECTION, 3, true);
    expect(afterFilterChange(ticked)).toBe(ticked);
  });
});
