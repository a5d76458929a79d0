import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../shared/constants';
import { useAvailabilityQuery, type AvailabilityField } from '../api/check-availability';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'taken' | 'failed';
export interface AvailabilityResult {
  state: AvailabilityState;
  message?: string;
  /** Submit waits while a check runs and stops while a value is taken (spec part 1, 2). */
  blocksSubmit: boolean;
}

/** spec part 1, 5: e-mail is checked once it has '@' and '.', phone once it has 10 characters. */
export function isCheckable(field: AvailabilityField, value: string): boolean {
  return field === 'email' ? value.includes('@') && value.includes('.') : value.length >= LIMITS.phoneMin;
}

/** The live availability tick, debounced 500 ms after typing (spec part 1, 5). */
export function useAvailabilityCheck(field: AvailabilityField, rawValue: string): AvailabilityResult {
  const value = rawValue.trim();
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), LIMITS.availabilityDebounceMs);
    return () => clearTimeout(t);
  }, [value]);
  const checkable = isCheckable(field, value);
  const query = useAvailabilityQuery(field, debounced, checkable && debounced === value);
  if (!checkable) return { state: 'idle', blocksSubmit: false };
  if (debounced !== value || query.isPending || !query.data) {
    return { state: 'checking', blocksSubmit: true };
  }
  const answer = query.data;
  if (answer.failed) return { state: 'failed', message: answer.message, blocksSubmit: false };
  return answer.available
    ? { state: 'available', message: answer.message, blocksSubmit: false }
    : { state: 'taken', message: answer.message, blocksSubmit: true };
}
