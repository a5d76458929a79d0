// The cookies the server sets, named once (decisions 002 and 031). The privacy policy and the cookies policy list
// exactly these (src/client/features/legal/components/site-cookie-list.tsx), and a test of the server checks it
// sets no other (src/server/modules/auth/site-cookies.test.ts).

/** The sign-in session: a random token, its hash kept in the sessions table (decision 002). */
export const SESSION_COOKIE = 'rv_session';
/** The sign-in throttle's device cookie: this browser once gave the account's right password (decision 031). */
export const DEVICE_COOKIE = 'rv_device';

export const SITE_COOKIE_NAMES = [SESSION_COOKIE, DEVICE_COOKIE] as const;
export type SiteCookieName = (typeof SITE_COOKIE_NAMES)[number];
