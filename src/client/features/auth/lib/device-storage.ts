import type { ClinicSessionUser, RepSessionUser } from '../api/me-fetch';

// The spec's device keys (part 1, 3): the clinic user is kept as clinicUser and the rep under rep data keys,
// and 'Remember me' keeps the e-mail and a flag. They are for display and prefill only: access is decided by
// the server session (GET /api/auth/me), never by these values.

import type { UserKind } from '../../../../shared/schemas/auth';
export type AccountType = UserKind;

export const DEVICE_KEYS = {
  clinicUser: 'clinicUser',
  repData: 'repData',
  repUser: 'repUser',
  userData: 'userData',
  rememberedEmail: (type: AccountType) => `${type}RememberedEmail`,
  rememberMe: (type: AccountType) => `${type}RememberMe`,
} as const;

function safeSet(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    /* storage full or blocked: the keys are a convenience only */
  }
}
function safeGet(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
}
function safeRemove(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* ignore */
  }
}

export function saveClinicUser(user: ClinicSessionUser): void {
  safeSet(DEVICE_KEYS.clinicUser, JSON.stringify(user));
}

export function saveRepUser(user: RepSessionUser): void {
  const json = JSON.stringify(user);
  safeSet(DEVICE_KEYS.repData, json);
  safeSet(DEVICE_KEYS.repUser, json);
  safeSet(DEVICE_KEYS.userData, json);
}

export function clearSavedUser(type: AccountType): void {
  if (type === 'clinic') safeRemove(DEVICE_KEYS.clinicUser);
  else [DEVICE_KEYS.repData, DEVICE_KEYS.repUser, DEVICE_KEYS.userData].forEach(safeRemove);
}

/** 'Remember me': the e-mail and a flag, used to prefill the login form next time. */
export function readRemembered(type: AccountType): { email: string; rememberMe: boolean } {
  const flag = safeGet(DEVICE_KEYS.rememberMe(type)) === 'true';
  return { email: flag ? (safeGet(DEVICE_KEYS.rememberedEmail(type)) ?? '') : '', rememberMe: flag };
}

export function writeRemembered(type: AccountType, email: string, rememberMe: boolean): void {
  if (rememberMe) {
    safeSet(DEVICE_KEYS.rememberedEmail(type), email);
    safeSet(DEVICE_KEYS.rememberMe(type), 'true');
  } else {
    safeRemove(DEVICE_KEYS.rememberedEmail(type));
    safeRemove(DEVICE_KEYS.rememberMe(type));
  }
}
