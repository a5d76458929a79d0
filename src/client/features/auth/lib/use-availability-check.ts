import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { LIMITS } from '../../../../shared/constants';
import type { UserKind } from '../../../../shared/schemas/auth';
import type { AvailabilityField } from '../api/availability-fetch';
import { authQueries } from '../api/keys';

export type AvailabilityState = 'idle' | 'checking' | 'available' | 'pending' | 'taken' | 'failed';
export interface AvailabilityResult {
  state: AvailabilityState;
  message?: string;
  /** The value the state is about (trimmed). */
  value: string;
  /** For 'pending': the kind of the registration waiting for its code (docs/decisions/036). */
  pendingType?: UserKind;
  /** Submit waits while a check runs and stops while a value is taken (spec part 1, 2). */
  blocksSubmit: boolean;
}

/** spec part 1, 5: e-mail is checked once it has '@' and '.', phone once it has 10 characters. */
export function isCheckable(field: AvailabilityField, value: string): boolean {
  return field === 'email' ? value.includes('@') && value.includes('.') : value.length >= LIMITS.phoneMin;
}

const TAKEN = 'Already in use';

/**
 * The live availability tick, debounced 500 ms after typing (spec part 1, 5). `email`: for a phone, the e-mail whose
 * pending registration may hold it. `refused`: a value the server refused on submit, which is in use whatever an
 * earlier check said (no green tick for it).
 */
export function useAvailabilityCheck(field: AvailabilityField, rawValue: string, o: { email?: string; refused?: string } = {}): AvailabilityResult {
  const value = rawValue.trim();
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setDebounced(value), LIMITS.availabilityDebounceMs);
    return () => clearTimeout(t);
  }, [value]);
  const checkable = isCheckable(field, value);
  const query = useQuery({ ...authQueries.availability(field, debounced, o.email), enabled: checkable && debounced === value });
  if (!checkable) return { state: 'idle', value, blocksSubmit: false };
  if (o.refused !== undefined && o.refused === value) return { state: 'taken', message: TAKEN, value, blocksSubmit: true };
  if (debounced !== value || query.isPending || !query.data) {
    return { state: 'checking', value, blocksSubmit: true };
  }
  const answer = query.data;
  if (answer.failed) return { state: 'failed', message: answer.message, value, blocksSubmit: false };
  // A registration waiting for its code: registering again is allowed (it replaces it), so nothing is blocked.
  // A company's registration waiting for its code (docs/decisions/087) is replaced by registering here too, but its
  // code page is not this portal's: no way on to it is offered.
  const pendingType = answer.pending === 'company' ? undefined : answer.pending;
  if (answer.available && answer.pending) return { state: 'pending', message: answer.message, value, pendingType, blocksSubmit: false };
  return answer.available
    ? { state: 'available', message: answer.message, value, blocksSubmit: false }
    : { state: 'taken', message: answer.message, value, blocksSubmit: true };
}
