import { and, asc, eq, gte, inArray, sql } from 'drizzle-orm';
import { clinicDoctorSettings, clinicUsers, doctorAppointments, doctors, medicalReps } from '../../db/schema';
import type { Deps } from '../../deps';
import { notFound, unauthorized } from '../../errors';
import { hashToken, newToken, type Actor } from '../auth/sessions.service';
import { todayInIndia } from '../../../shared/dates';
import { SLOT_MINUTES } from '../../../shared/booking/visit-windows';
import { PRODUCT_NAME } from '../../../shared/constants';
import type { CalendarFeedCreated, CalendarFeedStatus } from '../../../shared/schemas/notifications';
import { buildVisitsFeed } from '../calendar/ics';
import { accountLocale, i18nFor } from '../../i18n';

// A rep's private calendar feed: a random 32-byte token in the URL is the only key, so the table
// keeps only its SHA-256 (found by an index lookup on the hash, never by comparing secrets in code). The URL is
// shown once, when made; making a new one (rotate) or revoking ends the old one at once.

type ServiceDeps = Pick<Deps, 'db' | 'clock' | 'config'>;

export const FEED_NOT_FOUND = /*i18n*/ 'Calendar feed not found.';
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

export async function getCalendarFeedStatus(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedStatus> {
  const [row] = await deps.db
    .select({ hash: medicalReps.calendarFeedTokenHash, createdAt: medicalReps.calendarFeedCreatedAt })
    .from(medicalReps)
    .where(eq(medicalReps.id, o.actor.id))
    .limit(1);
  if (!row) throw unauthorized();
  return { active: row.hash != null, createdAt: row.hash ? (row.createdAt?.toISOString() ?? null) : null };
}

export async function rotateCalendarFeed(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedCreated> {
  const token = newToken();
  const now = deps.clock.now();
  const [row] = await deps.db
    .update(medicalReps)
    .set({ calendarFeedTokenHash: hashToken(token), calendarFeedCreatedAt: now })
    .where(eq(medicalReps.id, o.actor.id))
    .returning({ id: medicalReps.id });
  if (!row) throw unauthorized();
  return { url: `${deps.config.appUrl}/api/calendar/${token}.ics`, createdAt: now.toISOString() };
}

export async function revokeCalendarFeed(deps: ServiceDeps, o: { actor: Actor }): Promise<CalendarFeedStatus> {
  await deps.db.update(medicalReps).set({ calendarFeedTokenHash: null, calendarFeedCreatedAt: null }).where(eq(medicalReps.id, o.actor.id));
  return { active: false, createdAt: null };
}

/** The feed for a token: the rep's visits from today on (booked or confirmed); 404 for any unknown token. */
export async function renderCalendarFeed(deps: ServiceDeps, o: { token: string }): Promise<string> {
  if (!TOKEN_SHAPE.test(o.token)) throw notFound(FEED_NOT_FOUND);
  const [rep] = await deps.db
    .select({ id: medicalReps.id, status: medicalReps.status, language: medicalReps.language })
    .from(medicalReps)
    .where(eq(medicalReps.calendarFeedTokenHash, hashToken(o.token)))
    .limit(1);
  if (!rep || rep.status !== 'active') throw notFound(FEED_NOT_FOUND);
  const now = deps.clock.now();
  const visits = await deps.db
    .select({
      appointmentId: doctorAppointments.id,
      date: doctorAppointments.appointmentDate,
      // a visit inside visiting hours is an event at its time, one visit long (docs/decisions/039)
      startTime: doctorAppointments.startTime,
      slotMinutes: sql<number>`coalesce(${clinicDoctorSettings.slotMinutes}, ${SLOT_MINUTES.default})`,
      doctorName: doctors.name,
      doctorSpecialty: doctors.specialty,
      clinicName: clinicUsers.clinicName,
      clinicCity: clinicUsers.city,
      clinicState: clinicUsers.state,
    })
    .from(doctorAppointments)
    .innerJoin(doctors, eq(doctors.id, doctorAppointments.doctorId))
    .innerJoin(clinicUsers, eq(clinicUsers.id, doctorAppointments.clinicId))
    .leftJoin(
      clinicDoctorSettings,
      and(eq(clinicDoctorSettings.clinicId, doctorAppointments.clinicId), eq(clinicDoctorSettings.doctorId, doctorAppointments.doctorId)),
    )
    .where(
      and(
        eq(doctorAppointments.repId, rep.id),
        gte(doctorAppointments.appointmentDate, todayInIndia(now)),
        inArray(doctorAppointments.status, ['booked', 'confirmed']),
      ),
    )
    .orderBy(asc(doctorAppointments.appointmentDate), sql`${doctorAppointments.startTime} nulls last`, asc(doctorAppointments.id));
  const locale = accountLocale(rep.language);
  const i18n = i18nFor(locale);
  return buildVisitsFeed(visits, {
    calendarName: i18n._('{product} visits', { product: PRODUCT_NAME }),
    locale,
    uidHost: new URL(deps.config.appUrl).hostname || 'repvisit.local',
    now,
  });
}
