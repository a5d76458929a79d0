// The cookies RepVisit sets, named once (decisions 002, 031 and 045). The privacy policy and the cookies policy list
// exactly these (src/client/features/legal/components/site-cookie-list.tsx), and a test of the server checks it
// sets no other (src/server/modules/auth/site-cookies.test.ts).
import { LOCALE_COOKIE } from './i18n/locales';

/** The sign-in session: a random token, its hash kept in the sessions table (decision 002). */
export const SESSION_COOKIE = 'rv_session';
/** The sign-in throttle's device cookie: this browser once gave the account's right password (decision 031). */
export const DEVICE_COOKIE = 'rv_device';

/** The language chosen in the switcher (decision 045): set by the page, read by the server to send its first page in it. */
export { LOCALE_COOKIE };

/** The cookies the server itself sets; the language cookie is the page's. */
export const SERVER_COOKIE_NAMES = [SESSION_COOKIE, DEVICE_COOKIE] as const;
export const SITE_COOKIE_NAMES = [...SERVER_COOKIE_NAMES, LOCALE_COOKIE] as const;
export type SiteCookieName = (typeof SITE_COOKIE_NAMES)[number];
