import { describe, expect, it } from 'vitest';
import { latinDigits, parseClockText } from './clock-text';

// Visiting hours are typed as 24-hour times in every language (docs/decisions/055).

describe('a typed visiting time', () => {
  it('is read as 24-hour HH:MM, with or without the colon and the leading zero', () => {
    expect(parseClockText('15:30')).toBe('15:30');
    expect(parseClockText('9:05')).toBe('09:05');
    expect(parseClockText('9.05')).toBe('09:05');
    expect(parseClockText('1530')).toBe('15:30');
    expect(parseClockText('905')).toBe('09:05');
    expect(parseClockText(' 00:00 ')).toBe('00:00');
    expect(parseClockText('23:59')).toBe('23:59');
  });

  it('takes Hindi and Urdu digits as 0-9', () => {
    expect(latinDigits('१५:३०')).toBe('15:30');
    expect(parseClockText('१५:३०')).toBe('15:30');
    expect(parseClockText('۱۸:۴۵')).toBe('18:45');
    expect(parseClockText('٠٩:١٥')).toBe('09:15');
  });

  it('is no time when it is 12-hour, out of range, unfinished or empty', () => {
    for (const text of ['3:30 PM', '3:30pm', '24:00', '12:60', '15:3', '15', '15:', '', 'abc', '1:2:3']) expect(parseClockText(text), text).toBeNull();
  });
});
