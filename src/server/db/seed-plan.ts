import { checkBooking, type BookingContext } from '../../shared/booking/booking-rules';
import { slotTimes, SLOT_MINUTES } from '../../shared/booking/visit-windows';
import { addDays, type IsoDate } from '../../shared/dates';
import type { CANCELLATION_REASONS } from '../../shared/constants';
import { availableDaysFor, DEMO_CLINICS, DEMO_DOCTORS, DEMO_REPS, type DemoLink } from './seed-data';

// The demo appointments, placed on real dates relative to today (IST) by the shared booking rules
// (src/shared/booking/booking-rules.ts, spec part 2, 5), so the demo never shows a state the product could not
// reach. A visit asks for "about N days from today"; the planner takes the nearest date the rules allow (later
// for upcoming calls, earlier for past ones). Past calls are replayed oldest first, each checked as if booked on
// its own day; then today's and upcoming calls are booked today in list order. Cancelled calls were bookable
// when made and hold no slot afterwards.

export type DemoStatus = 'booked' | 'completed' | 'cancelled';

export interface DemoVisit {
  rep: string;
  doctor: string;
  clinic: string;
  /** Days from today: 0 is exactly today, > 0 upcoming, < 0 past. */
  offset: number;
  status: DemoStatus;
  cancelledBy?: 'rep' | 'clinic';
  cancelReason?: (typeof CANCELLATION_REASONS)[number];
}

export interface PlannedAppointment extends DemoVisit {
  date: IsoDate;
  /** the first visit time no other planned visit of the doctor's day there holds; null without visiting hours */
  startTime: string | null;
}

export const DEMO_VISITS: readonly DemoVisit[] = [
  // Today at Srinagar Care Clinic (3 of Dr. Farooq Ahmad's 4 slots), so the clinic can cancel today's calls.
  { rep: 'ravi', doctor: 'farooq', clinic: 'srinagar', offset: 0, status: 'booked' },
  { rep: 'aamir', doctor: 'farooq', clinic: 'srinagar', offset: 0, status: 'booked' },
  { rep: 'imran', doctor: 'farooq', clinic: 'srinagar', offset: 0, status: 'booked' },
  // Upcoming. Dr. Nazia Qadri's day is full (2 of 2).
  { rep: 'ravi', doctor: 'nazia', clinic: 'srinagar', offset: 2, status: 'booked' },
  { rep: 'aamir', doctor: 'nazia', clinic: 'srinagar', offset: 2, status: 'booked' },
  { rep: 'ravi', doctor: 'irfan', clinic: 'baramulla', offset: 3, status: 'booked' },
  { rep: 'ravi', doctor: 'suhail', clinic: 'srinagar', offset: 5, status: 'booked' },
  { rep: 'ravi', doctor: 'rajeev', clinic: 'jammu', offset: 6, status: 'cancelled', cancelledBy: 'rep' },
  { rep: 'ravi', doctor: 'vikas', clinic: 'jammu', offset: 8, status: 'booked' },
  { rep: 'aamir', doctor: 'irfan', clinic: 'srinagar', offset: 1, status: 'booked' },
  { rep: 'aamir', doctor: 'rubina', clinic: 'srinagar', offset: 4, status: 'booked' },
  { rep: 'aamir', doctor: 'farooq', clinic: 'anantnag', offset: 16, status: 'booked' }, // after the call frequency of today's visit
  { rep: 'imran', doctor: 'shazia', clinic: 'anantnag', offset: 1, status: 'booked' },
  { rep: 'imran', doctor: 'anita', clinic: 'udhampur', offset: 2, status: 'booked' },
  { rep: 'imran', doctor: 'bilal', clinic: 'anantnag', offset: 3, status: 'booked' },
  { rep: 'imran', doctor: 'mushtaq', clinic: 'baramulla', offset: 7, status: 'booked' },
  { rep: 'sneha', doctor: 'sanjay', clinic: 'mumbai', offset: 2, status: 'booked' },
  { rep: 'sneha', doctor: 'meera', clinic: 'delhi', offset: 4, status: 'booked' },
  { rep: 'sneha', doctor: 'leena', clinic: 'mumbai', offset: 9, status: 'booked' },
  // Past calls.
  { rep: 'ravi', doctor: 'farooq', clinic: 'srinagar', offset: -14, status: 'completed' },
  { rep: 'ravi', doctor: 'nazia', clinic: 'srinagar', offset: -21, status: 'completed' },
  {
    rep: 'ravi',
    doctor: 'suhail',
    clinic: 'srinagar',
    offset: -10,
    status: 'cancelled',
    cancelledBy: 'clinic',
    cancelReason: 'Doctor has some important work',
  },
  { rep: 'aamir', doctor: 'farooq', clinic: 'srinagar', offset: -7, status: 'completed' },
  { rep: 'aamir', doctor: 'rubina', clinic: 'srinagar', offset: -12, status: 'completed' },
  { rep: 'aamir', doctor: 'vikas', clinic: 'jammu', offset: -11, status: 'completed' },
  { rep: 'imran', doctor: 'farooq', clinic: 'srinagar', offset: -21, status: 'completed' },
  { rep: 'imran', doctor: 'bilal', clinic: 'anantnag', offset: -18, status: 'completed' },
  { rep: 'imran', doctor: 'pawan', clinic: 'udhampur', offset: -5, status: 'completed' },
  { rep: 'sneha', doctor: 'sanjay', clinic: 'mumbai', offset: -15, status: 'completed' },
  { rep: 'sneha', doctor: 'meera', clinic: 'delhi', offset: -9, status: 'completed' },
  { rep: 'gurleen', doctor: 'gurpreet', clinic: 'amritsar', offset: -30, status: 'completed' },
  { rep: 'gurleen', doctor: 'simran', clinic: 'amritsar', offset: -25, status: 'completed' },
  { rep: 'gurleen', doctor: 'gurpreet', clinic: 'amritsar', offset: -16, status: 'completed' },
  { rep: 'gurleen', doctor: 'meera', clinic: 'delhi', offset: -13, status: 'cancelled', cancelledBy: 'clinic', cancelReason: 'Clinic will be closed today' },
];

const SEARCH_DAYS = 14;

/** The call settings of a doctor at a clinic in the demo data. */
export function demoLinkOf(doctor: string, clinic: string): DemoLink {
  const link = DEMO_DOCTORS.find((d) => d.key === doctor)?.links.find((l) => l.clinic === clinic);
  if (!link) throw new Error(`demo data: ${doctor} is not linked to ${clinic}`);
  return link;
}

/** Places every demo visit on a date the booking rules allow; throws if one cannot be placed. */
export function planDemoAppointments(today: IsoDate): PlannedAppointment[] {
  const past = DEMO_VISITS.filter((v) => v.offset < 0).sort((a, b) => a.offset - b.offset);
  const current = DEMO_VISITS.filter((v) => v.offset >= 0);
  const placed: PlannedAppointment[] = [];
  for (const visit of [...past, ...current]) {
    const link = demoLinkOf(visit.doctor, visit.clinic);
    const step = visit.offset < 0 ? -1 : 1;
    const tries = visit.offset === 0 ? 1 : SEARCH_DAYS;
    let date: IsoDate | null = null;
    for (let i = 0; i < tries && !date; i++) {
      const candidate = addDays(today, visit.offset + i * step);
      const bookedOn = visit.offset < 0 ? candidate : today;
      if (checkBooking(contextFor(visit, link, bookedOn, placed), candidate).ok) date = candidate;
    }
    if (!date) throw new Error(`demo data: no date for ${visit.rep} with ${visit.doctor} at ${visit.clinic}`);
    placed.push({ ...visit, date, startTime: firstFreeTime(link, placed, visit, date) });
  }
  return placed;
}

function firstFreeTime(link: DemoLink, placed: PlannedAppointment[], visit: DemoVisit, date: IsoDate): string | null {
  if (!link.visitWindows?.length) return null;
  const held = new Set(placed.filter((p) => p.doctor === visit.doctor && p.clinic === visit.clinic && p.date === date).map((p) => p.startTime));
  const time = slotTimes(link.visitWindows, link.slotMinutes ?? SLOT_MINUTES.default).find((t) => !held.has(t));
  if (!time) throw new Error(`demo data: no visit time for ${visit.rep} with ${visit.doctor} at ${visit.clinic}`);
  return time;
}

/** What the booking rules see when `visit.rep` books `visit.doctor` at `visit.clinic` on `bookedOn`. */
function contextFor(visit: DemoVisit, link: DemoLink, bookedOn: IsoDate, placed: PlannedAppointment[]): BookingContext {
  const repIds = new Map(DEMO_REPS.map((r, i) => [r.key, i + 1] as const));
  const clinicIds = new Map(DEMO_CLINICS.map((c, i) => [c.key, i + 1] as const));
  const withDoctor = placed.filter((p) => p.doctor === visit.doctor);
  return {
    settings: {
      maxSlots: link.maxSlots,
      callFrequency: link.callFrequency,
      availableDays: availableDaysFor(link.days),
      visitWindows: link.visitWindows ?? [],
      slotMinutes: link.slotMinutes ?? SLOT_MINUTES.default,
    },
    clinicId: clinicIds.get(visit.clinic)!,
    doctorAppointments: withDoctor
      .filter((p) => p.clinic === visit.clinic)
      .map((p) => ({ date: p.date, status: p.status, repId: repIds.get(p.rep)!, startTime: p.startTime })),
    repAppointments: withDoctor.filter((p) => p.rep === visit.rep).map((p) => ({ date: p.date, status: p.status, clinicId: clinicIds.get(p.clinic)! })),
    today: bookedOn,
  };
}
