import type { Deps } from '../../deps';
import { forbidden, notFound } from '../../errors';
import type { Actor } from '../auth/sessions.service';
import { estimateQueue, inLine, queueStatusOf } from '../../../shared/booking/queue-eta';
import { visitTokens } from '../../../shared/booking/visit-windows';
import { todayInIndia } from '../../../shared/dates';
import type { QueueBoard, VisitQueue } from '../../../shared/schemas/live-queue';
import { findClinicDoctors, findLateness, findRepVisitDay, findSlotMinutes, listClinicDayVisits, listDayVisits } from './live-queue.repo';

// The live queue's reads (docs/decisions/074-live-queue.md): a rep's place in line and ETA, and the clinic's board.
// The estimate is the shared rule (src/shared/booking/queue-eta.ts); here its inputs are read.

export const QUEUE_VISIT_NOT_FOUND = /*i18n*/ 'Appointment not found';

export type QueueDay = NonNullable<Awaited<ReturnType<typeof findRepVisitDay>>>;

/** The rep's own visit and its day; 404 for another rep's visit or none (the same answer: nothing is revealed). */
export async function findQueueDay(deps: Pick<Deps, 'db'>, o: { repId: number; appointmentId: number }): Promise<QueueDay> {
  const day = await findRepVisitDay(deps.db, { id: o.appointmentId, repId: o.repId });
  if (!day) throw notFound(QUEUE_VISIT_NOT_FOUND);
  return day;
}

/** What the estimate reads of a doctor's day: shared by every stream of that day (docs/decisions/079). */
export interface DoctorDayData {
  visits: Awaited<ReturnType<typeof listDayVisits>>;
  slotMinutes: number;
  latenessMinutes: number;
}

/** The doctor's day a visit is in: its visits, the visit length and the lateness (3 statements at once). */
export async function readDoctorDay(deps: Pick<Deps, 'db'>, day: Pick<QueueDay, 'clinicId' | 'doctorId' | 'date'>): Promise<DoctorDayData> {
  const [visits, slotMinutes, lateness] = await Promise.all([
    listDayVisits(deps.db, day),
    findSlotMinutes(deps.db, day),
    findLateness(deps.db, { clinicId: day.clinicId, date: day.date, doctorIds: [day.doctorId] }),
  ]);
  return { visits, slotMinutes, latenessMinutes: lateness.get(day.doctorId) ?? 0 };
}

/** One visit's place in line, cut from its day's data; undefined when the visit is not (or no longer) in that day. */
export function queueIn(data: DoctorDayData, o: { visitId: number; date: string; now: Date }): VisitQueue | undefined {
  return (
    estimateQueue({
      visits: data.visits,
      visitId: o.visitId,
      date: o.date,
      slotMinutes: data.slotMinutes,
      latenessMinutes: data.latenessMinutes,
      now: o.now,
    }) ?? undefined
  );
}

/** A visit gone from its day (deleted): what the queue answers for it. */
export const GONE_FROM_QUEUE: VisitQueue = { position: null, ahead: 0, etaMinutes: null, status: 'cancelled', lateByMinutes: 0, calledAt: null };

/** GET /api/appointments/:id/queue: the visit's place in line, ETA, status and the doctor's lateness. */
export async function getVisitQueue(deps: Pick<Deps, 'db' | 'clock'>, o: { repId: number; appointmentId: number }): Promise<VisitQueue> {
  // Read again each time: a visit moved to another day follows its new day.
  const day = await findQueueDay(deps, o);
  const queue = queueIn(await readDoctorDay(deps, day), { visitId: day.id, date: day.date, now: deps.clock.now() });
  // Deleted between the two reads: it is gone from the day.
  return queue ?? GONE_FROM_QUEUE;
}

/** The board is the signed-in clinic's own: another clinic's id is 403 (the route's guard checked the role). */
export function assertBoardClinic(actor: Actor, clinicId: number): void {
  if (actor.type !== 'clinic' || actor.id !== clinicId) throw forbidden();
}

/**
 * GET /api/clinic/queue-board: today's queue of each doctor of the clinic, tokens and counts only (no rep's name or
 * company: the board hangs in the waiting room). `nowSeeing` is the token in the room: called and not yet marked.
 */
export async function getQueueBoard(deps: Pick<Deps, 'db' | 'clock'>, o: { clinicId: number }): Promise<QueueBoard> {
  const date = todayInIndia(deps.clock.now());
  const [{ clinicName, language, doctors }, visits] = await Promise.all([
    findClinicDoctors(deps.db, o.clinicId),
    listClinicDayVisits(deps.db, { clinicId: o.clinicId, date }),
  ]);
  const lateness = await findLateness(deps.db, { clinicId: o.clinicId, date, doctorIds: doctors.map((d) => d.doctorId) });
  return {
    date,
    clinicName,
    language,
    doctors: doctors.map((d) => {
      const day = visits.filter((v) => v.doctorId === d.doctorId);
      const tokens = visitTokens(day);
      const tokenOf = (v: (typeof day)[number]) => tokens.get(v.id) ?? 0;
      const byToken = [...day].sort((a, b) => tokenOf(a) - tokenOf(b));
      const waiting = byToken.filter((v) => inLine(queueStatusOf(v)));
      // The one called last, when several were (a doctor who called again before marking the first).
      const inRoom = byToken.filter((v) => queueStatusOf(v) === 'called').sort((a, b) => Date.parse(b.calledAt!) - Date.parse(a.calledAt!))[0];
      return {
        doctorId: d.doctorId,
        doctorName: d.name,
        nowSeeing: inRoom ? tokenOf(inRoom) : null,
        waitingTokens: waiting.map(tokenOf),
        waiting: waiting.length,
        arrived: waiting.filter((v) => v.checkedInAt !== null).length,
        done: day.filter((v) => queueStatusOf(v) === 'done').length,
        lateByMinutes: lateness.get(d.doctorId) ?? 0,
      };
    }),
  };
}
