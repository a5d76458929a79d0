import { withWrite } from '../../db/write';
import type { Deps } from '../../deps';
import { notFound, unauthorized } from '../../errors';
import { hashToken, newToken, type Actor } from '../auth/sessions.service';
import { todayInIndia } from '../../../shared/dates';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/schemas/notifications';
import { buildVisitsFeed } from '../calendar/ics';
import { accountLocale, i18nFor } from '../../i18n';
import { findCalendarFeed, findFeedVisits, findRepByFeedToken, setCalendarFeedToken } from './notifications.repo';

// A rep's private calendar feed: a random 32-byte token in the URL is the only key, so the table
// keeps only its SHA-256 (found by an index lookup on the hash, never by comparing secrets in code). The URL is
// shown once, when made; making a new one (rotate) or revoking ends the old one at once.

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export const FEED_NOT_FOUND = /*i18n*/ 'Calendar feed not found.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function getCalendarFeedStatus(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedStatus> {
  const row = await findCalendarFeed(deps.db, o.actor.id);
  if (!row) throw unauthorized();
  return { active: row.hash != null, createdAt: row.hash ? (row.createdAt?.toISOString() ?? null) : null };
}

export async function rotateCalendarFeed(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedCreated> {
  const token = newToken();
  const now = deps.clock.now();
  const found = await withWrite(deps, (w) => setCalendarFeedToken(w, { repId: o.actor.id, tokenHash: hashToken(token), now }));
  if (!found) throw unauthorized();
  return { url: `${deps.config.appUrl}/api/calendar/${token}.ics`, createdAt: now.toISOString() };
}

export async function revokeCalendarFeed(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedStatus> {
  await withWrite(deps, (w) => setCalendarFeedToken(w, { repId: o.actor.id, tokenHash: null, now: null }));
  return { active: false, createdAt: null };
}

/** The feed for a token: the rep's visits from today on (booked or confirmed); 404 for any unknown token. */
export async function renderCalendarFeed(deps: ServiceDeps, o: { token: string }): Promise<string> {
  if (!TOKEN_SHAPE.test(o.token)) throw notFound(FEED_NOT_FOUND);
  const rep = await findRepByFeedToken(deps.db, hashToken(o.token));
  if (!rep || rep.status !== 'active') throw notFound(FEED_NOT_FOUND);
  const now = deps.clock.now();
  const visits = await findFeedVisits(deps.db, { repId: rep.id, today: todayInIndia(now) });
  const locale = accountLocale(rep.language);
  const i18n = i18nFor(locale);
  return buildVisitsFeed(visits, {
    calendarName: i18n._('{product} visits', { product: PRODUCT_NAME }),
    locale,
    uidHost: new URL(deps.config.appUrl).hostname || 'repvisit.local',
    now,
  });
}
