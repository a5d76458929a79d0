import { daysBetween, weekdayOf } from '../../shared/dates';

// A test helper: which stored appointments break the booking rules of spec part 2, 5. Used by the seed test
// (and free for any suite that wants to check the state a run of bookings left behind).

export interface AppointmentRow {
  id?: number;
  clinicId: number;
  doctorId: number;
  repId: number;
  appointmentDate: string;
  status: string;
}

export interface SettingsRow {
  clinicId: number;
  doctorId: number;
  maxSlots: number;
  callFrequency: number;
  availableDays: Record<string, boolean>;
}

/** Human-readable violations; an empty list means every rule holds. */
export function bookingRuleViolations(o: { appointments: AppointmentRow[]; settings: SettingsRow[]; today: string }): string[] {
  const out: string[] = [];
  const settingsOf = (a: AppointmentRow) => o.settings.find((s) => s.clinicId === a.clinicId && s.doctorId === a.doctorId);
  const active = o.appointments.filter((a) => a.status !== 'cancelled');
  const label = (a: AppointmentRow) => `rep ${a.repId} / doctor ${a.doctorId} / clinic ${a.clinicId} on ${a.appointmentDate} (${a.status})`;

  for (const a of o.appointments) {
    const s = settingsOf(a);
    if (!s) out.push(`no call settings for ${label(a)}`);
    else if (!s.availableDays[weekdayOf(a.appointmentDate)]) out.push(`unavailable weekday: ${label(a)}`);
  }
  const perDay = new Map<string, number>();
  for (const a of active) {
    const key = `${a.clinicId}/${a.doctorId}/${a.appointmentDate}`;
    perDay.set(key, (perDay.get(key) ?? 0) + 1);
  }
  for (const [key, n] of perDay) {
    const [clinicId, doctorId] = key.split('/').map(Number);
    const s = o.settings.find((x) => x.clinicId === clinicId && x.doctorId === doctorId);
    if (s && n > s.maxSlots) out.push(`over maxSlots (${n} > ${s.maxSlots}) at clinic/doctor/date ${key}`);
  }
  const seen = new Set<string>();
  for (const a of active) {
    const key = `${a.repId}/${a.doctorId}/${a.appointmentDate}`;
    if (seen.has(key)) out.push(`two appointments for rep/doctor/date ${key}`);
    seen.add(key);
  }
  for (const a of active) {
    const s = settingsOf(a);
    if (!s) continue;
    for (const b of active) {
      if (b === a || b.repId !== a.repId || b.doctorId !== a.doctorId || b.clinicId !== a.clinicId) continue;
      if (a.appointmentDate < b.appointmentDate && daysBetween(a.appointmentDate, b.appointmentDate) < s.callFrequency) {
        out.push(`closer than the call frequency (${s.callFrequency} days): ${label(a)} and ${b.appointmentDate}`);
      }
    }
  }
  const upcoming = new Map<string, number>();
  for (const a of active.filter((x) => x.status === 'booked' || x.status === 'confirmed')) {
    if (a.appointmentDate < o.today) out.push(`booked but in the past: ${label(a)}`);
    else {
      const key = `${a.repId}/${a.doctorId}/${a.clinicId}`;
      upcoming.set(key, (upcoming.get(key) ?? 0) + 1);
    }
  }
  for (const [key, n] of upcoming) if (n > 1) out.push(`${n} active upcoming appointments for rep/doctor/clinic ${key}`);
  for (const a of o.appointments) if (a.status === 'completed' && a.appointmentDate >= o.today) out.push(`completed but not past: ${label(a)}`);
  return out;
}
