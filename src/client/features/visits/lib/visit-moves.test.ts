import { describe, expect, it } from 'vitest';
import { visitMoves } from './visit-moves';

const today = '2026-11-24';
const at = (status: string, appointment_date: string) => visitMoves({ status, appointment_date }, today);

describe('the moves the day view offers (decision 041)', () => {
  it('today: confirm a booked visit, decline, completed and no-show', () => {
    expect(at('booked', today)).toEqual(['confirmed', 'cancelled', 'completed', 'no_show']);
    expect(at('confirmed', today)).toEqual(['cancelled', 'completed', 'no_show']);
  });
  it('a later day: confirm and decline only (no outcome before the visit)', () => {
    expect(at('booked', '2026-11-25')).toEqual(['confirmed', 'cancelled']);
    expect(at('confirmed', '2026-11-25')).toEqual(['cancelled']);
  });
  it('a past day: the outcome only (no decline, no confirming after the fact)', () => {
    expect(at('booked', '2026-11-23')).toEqual(['completed', 'no_show']);
    expect(at('confirmed', '2026-11-23')).toEqual(['completed', 'no_show']);
  });
  it('a visit with an outcome or cancelled: nothing', () => {
    for (const status of ['completed', 'no_show', 'cancelled']) expect(at(status, today)).toEqual([]);
  });
});
