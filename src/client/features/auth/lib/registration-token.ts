import type { AccountKind } from '../../../../shared/schemas/auth';

// The registration token of POST register (docs/decisions/030): the e-mailed code works only where it is kept. It
// lives in this tab's sessionStorage (the registration forms move on to /verify-otp in the same tab), per account
// kind and address, and goes when the code is accepted. A tab that has none is told to use the e-mailed link.

const key = (type: AccountKind, email: string) => `registrationToken:${type}:${email.trim().toLowerCase()}`;

export function keepRegistrationToken(type: AccountKind, email: string, token: string | undefined): void {
  if (!token) return;
  try {
    sessionStorage.setItem(key(type, email), token);
  } catch {
    /* storage blocked: the e-mailed link still completes the registration */
  }
}

export function readRegistrationToken(type: AccountKind, email: string): string | undefined {
  try {
    return sessionStorage.getItem(key(type, email)) ?? undefined;
  } catch {
    return undefined;
  }
}

export function forgetRegistrationToken(type: AccountKind, email: string): void {
  try {
    sessionStorage.removeItem(key(type, email));
  } catch {
    /* ignore */
  }
}
