// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { rememberReturnAfterLogin, takeReturnAfterLogin } from './return-after-login';

// Docs/decisions/041: a rep sent to log in by the reception's QR code comes back to it once, soon, and nowhere else.

afterEach(() => sessionStorage.clear());

describe('coming back after the login', () => {
  it('gives the remembered check-in page back once', () => {
    rememberReturnAfterLogin('/check-in?clinicId=5&code=123456', 1_000);
    expect(takeReturnAfterLogin(2_000)).toBe('/check-in?clinicId=5&code=123456');
    expect(takeReturnAfterLogin(2_000)).toBeNull();
  });

  it('forgets it after 15 minutes', () => {
    rememberReturnAfterLogin('/check-in?clinicId=5&code=123456', 0);
    expect(takeReturnAfterLogin(15 * 60_000 + 1)).toBeNull();
  });

  it('never leads anywhere but the check-in page', () => {
    rememberReturnAfterLogin('/admin', 0);
    expect(takeReturnAfterLogin(1)).toBeNull();
    sessionStorage.setItem('repvisit.returnAfterLogin', JSON.stringify({ path: '//evil.example/check-in', at: 0 }));
    expect(takeReturnAfterLogin(1)).toBeNull();
    sessionStorage.setItem('repvisit.returnAfterLogin', '{not json');
    expect(takeReturnAfterLogin(1)).toBeNull();
  });
});
