import { startOfIndianDay } from '../dates';
import { visitTokens } from './visit-windows';

// The live queue's estimate for one visit (docs/decisions/074-live-queue.md): its place among the visits of the
// doctor's day at the clinic not yet seen, in the day's order (the tokens: visitTokens), and about how many minutes
// until the doctor sees it. Pure: the day's visits, the visit length, the lateness and `now` come in.

/**
 * What the queue says of a visit: `waiting` (booked or confirmed, the rep not checked in yet), `arrived` (checked in
 * at reception, not yet called), `called` (the doctor called it in: in the room), `done` (completed), `no_show`,
 * `cancelled`. Waiting and arrived are both in line: the place and the ETA count them alike.
 */
export const QUEUE_STATUSES = ['waiting', 'arrived', 'called', 'done', 'no_show', 'cancelled'] as const;
export type QueueStatus = (typeof QUEUE_STATUSES)[number];

/** Still to be seen: a place in line. */
export const inLine = (s: QueueStatus) => s === 'waiting' || s === 'arrived';

export interface QueueVisit {
  id: number;
  /** "HH:MM" (Indian time) with visiting hours; null for a whole-day visit. */
  startTime: string | null;
  bookedAt: string | Date;
  /** booked | confirmed | completed | no_show | cancelled */
  status: string;
  checkedInAt: string | Date | null;
  calledAt: string | Date | null;
  /** When it was marked completed or no-show. */
  outcomeAt: string | Date | null;
}

export interface QueueState {
  /** 1-based place among the day's visits not yet seen (waiting or arrived); null once called, seen or gone. */
  position: number | null;
  /** The visits before it that the doctor still sees first: those in line before it in order (arrived or not) and the one in the room. */
  ahead: number;
  /** About how many minutes until the doctor sees it: 0 when called, null once seen or gone. */
  etaMinutes: number | null;
  status: QueueStatus;
  /** The doctor's lateness that day, minutes (0 when on time). */
  lateByMinutes: number;
  /** When the doctor called it in, ISO instant; null before. */
  calledAt: string | null;
}

/** Done visits from which the day's own pace replaces the visit length. */
export const PACE_AFTER_DONE = 3;

const instant = (v: string | Date) => (typeof v === 'string' ? Date.parse(v) : v.getTime());
const iso = (v: string | Date | null) => (v === null ? null : new Date(instant(v)).toISOString());

export function queueStatusOf(v: Pick<QueueVisit, 'status' | 'calledAt' | 'checkedInAt'>): QueueStatus {
  if (v.status === 'cancelled') return 'cancelled';
  if (v.status === 'no_show') return 'no_show';
  if (v.status === 'completed') return 'done';
  if (v.calledAt) return 'called';
  return v.checkedInAt ? 'arrived' : 'waiting';
}

/**
 * Minutes a visit takes that day: the visit length, or, once PACE_AFTER_DONE visits are done, the mean of their
 * times in the room (called to completed), or of the spacing of their completions where one was not called in.
 */
export function observedPace(visits: readonly QueueVisit[], slotMinutes: number): number {
  const done = visits.filter((v) => v.status === 'completed' && v.outcomeAt !== null).sort((a, b) => instant(a.outcomeAt!) - instant(b.outcomeAt!));
  if (done.length < PACE_AFTER_DONE) return slotMinutes;
  const spans: number[] = [];
  done.forEach((v, i) => {
    const end = instant(v.outcomeAt!);
    const from = v.calledAt ? instant(v.calledAt) : i > 0 ? instant(done[i - 1]!.outcomeAt!) : null;
    if (from !== null && end >= from) spans.push((end - from) / 60_000);
  });
  if (spans.length === 0) return slotMinutes;
  const mean = spans.reduce((s, m) => s + m, 0) / spans.length;
  // At least a minute a visit; at most the longest visit length (decision 074: a slow start does not promise hours).
  return Math.min(60, Math.max(1, Math.round(mean)));
}

/** Minutes from `now` until `time` ("HH:MM", Indian time) on `date`, or until the day starts; negative once past. */
function minutesUntil(date: string, time: string | null, now: Date): number {
  const [h = 0, m = 0] = (time ?? '00:00').split(':').map(Number);
  return (startOfIndianDay(date).getTime() + (h * 60 + m) * 60_000 - now.getTime()) / 60_000;
}

/**
 * The queue state of visit `visitId` among `visits` (the doctor's day at the clinic on `date`). The estimate walks
 * the day in order: the visit in the room first (what is left of its pace), then each waiting visit before this one,
 * a pace each, none started before its own start time; everything after the doctor's lateness. So it never promises a
 * time before the visit's start time (plus the lateness), grows with the place in line, and moves by exactly the
 * lateness. Null when the visit is not among `visits`.
 */
export function estimateQueue(o: {
  visits: readonly QueueVisit[];
  visitId: number;
  date: string;
  slotMinutes: number;
  latenessMinutes: number;
  now: Date;
}): QueueState | null {
  const visit = o.visits.find((v) => v.id === o.visitId);
  if (!visit) return null;
  const status = queueStatusOf(visit);
  const lateByMinutes = Math.max(0, o.latenessMinutes);
  const base = { lateByMinutes, calledAt: iso(visit.calledAt) };
  if (status === 'called') return { ...base, status, position: null, ahead: 0, etaMinutes: 0 };
  if (!inLine(status)) return { ...base, status, position: null, ahead: 0, etaMinutes: null };

  const tokens = visitTokens(o.visits);
  const order = (v: QueueVisit) => tokens.get(v.id) ?? Number.MAX_SAFE_INTEGER;
  const waiting = o.visits.filter((v) => inLine(queueStatusOf(v))).sort((a, b) => order(a) - order(b) || a.id - b.id);
  const inRoom = o.visits.filter((v) => queueStatusOf(v) === 'called');
  const index = waiting.findIndex((v) => v.id === visit.id);
  const pace = observedPace(o.visits, o.slotMinutes);

  // What is left of the visits in the room, at the day's pace (none when they have taken longer).
  let t = inRoom.reduce((left, v) => left + Math.max(0, pace - (o.now.getTime() - instant(v.calledAt!)) / 60_000), 0);
  for (let i = 0; i <= index; i++) {
    t = Math.max(t, minutesUntil(o.date, waiting[i]!.startTime, o.now));
    if (i < index) t += pace;
  }
  return { ...base, status, position: index + 1, ahead: index + inRoom.length, etaMinutes: Math.ceil(Math.max(0, t) + lateByMinutes) };
}
