import { addDays, daysBetween, weekdayOf, type IsoDate } from '../../shared/dates';
import { CANCELLATION_REASONS } from '../../shared/constants';
import { availableDaysFor, DEMO_DOCTORS, type DemoLink } from './seed-data';

// The demo appointments, placed on real dates relative to today (IST) by the booking rules of spec part 2, 5:
// only on an available weekday, at most maxSlots non-cancelled calls per clinic-doctor-day, one appointment per
// rep per doctor per date, call-frequency spacing between a rep's calls to a doctor at a clinic, and at most
// one active upcoming appointment per rep, doctor and clinic. A visit asks for "about N days from today"; the
// planner takes the nearest date that keeps every rule (later for upcoming calls, earlier for past ones).

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
  { rep: 'aamir', doctor: 'farooq', clinic: 'anantnag', offset: 6, status: 'booked' },
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
  { rep: 'ravi', doctor: 'suhail', clinic: 'srinagar', offset: -10, status: 'cancelled', cancelledBy: 'clinic', cancelReason: 'Doctor has some important work' },
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

/** Places every demo visit on a date that keeps the booking rules; throws if one cannot be placed. */
export function planDemoAppointments(today: IsoDate): PlannedAppointment[] {
  const placed: PlannedAppointment[] = [];
  for (const visit of DEMO_VISITS) {
    const link = demoLinkOf(visit.doctor, visit.clinic);
    const step = visit.offset < 0 ? -1 : 1;
    const tries = visit.offset === 0 ? 1 : SEARCH_DAYS;
    let date: IsoDate | null = null;
    for (let i = 0; i < tries && !date; i++) {
      const candidate = addDays(today, visit.offset + i * step);
      if (fits({ visit, link, date: candidate, today, placed })) date = candidate;
    }
    if (!date) throw new Error(`demo data: no date for ${visit.rep} with ${visit.doctor} at ${visit.clinic}`);
    placed.push({ ...visit, date });
  }
  return placed;
}

function fits(o: { visit: DemoVisit; link: DemoLink; date: IsoDate; today: IsoDate; placed: PlannedAppointment[] }): boolean {
  const { visit, link, date, today, placed } = o;
  if (!availableDaysFor(link.days)[weekdayOf(date)]) return false;
  // Completed calls lie in the past; booked ones today or later.
  if (visit.status === 'completed' && date >= today) return false;
  if (visit.status === 'booked' && date < today) return false;
  const sameDoctor = placed.filter((p) => p.rep === visit.rep && p.doctor === visit.doctor);
  if (sameDoctor.some((p) => p.date === date)) return false;
  if (visit.status === 'cancelled') return true; // a cancelled call holds no slot and no spacing
  const active = placed.filter((p) => p.status !== 'cancelled');
  const taken = active.filter((p) => p.doctor === visit.doctor && p.clinic === visit.clinic && p.date === date).length;
  if (taken >= link.maxSlots) return false;
  const mine = active.filter((p) => p.rep === visit.rep && p.doctor === visit.doctor && p.clinic === visit.clinic);
  if (mine.some((p) => Math.abs(daysBetween(p.date, date)) < link.callFrequency)) return false;
  if (visit.status === 'booked' && mine.some((p) => p.status === 'booked' && p.date >= today)) return false;
  return true;
}
