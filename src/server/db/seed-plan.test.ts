import { describe, expect, it } from 'vitest';
import { addDays } from '../../shared/dates';
import { bookingRuleViolations } from '../test/booking-rule-violations';
import { availableDaysFor, DEMO_CLINICS, DEMO_DOCTORS, DEMO_REPS } from './seed-data';
import { DEMO_VISITS, planDemoAppointments } from './seed-plan';

// The demo dates depend on today's weekday: the plan must keep the booking rules whatever day it is seeded.
describe('demo appointment plan', () => {
  const id = (list: readonly { key: string }[], key: string) => list.findIndex((x) => x.key === key) + 1;
  const doctorIndex = (key: string) => DEMO_DOCTORS.findIndex((d) => d.key === key) + 1;
  const settings = DEMO_DOCTORS.flatMap((d) =>
    d.links.map((l) => ({
      clinicId: id(DEMO_CLINICS, l.clinic),
      doctorId: doctorIndex(d.key),
      maxSlots: l.maxSlots,
      callFrequency: l.callFrequency,
      availableDays: availableDaysFor(l.days),
    })),
  );

  for (let i = 0; i < 7; i++) {
    const today = addDays('2026-03-02', i);
    it(`keeps every booking rule when today is ${today}`, () => {
      const plan = planDemoAppointments(today);
      expect(plan).toHaveLength(DEMO_VISITS.length);
      const appointments = plan.map((a) => ({
        clinicId: id(DEMO_CLINICS, a.clinic),
        doctorId: doctorIndex(a.doctor),
        repId: id(DEMO_REPS, a.rep),
        appointmentDate: a.date,
        status: a.status,
      }));
      expect(bookingRuleViolations({ appointments, settings, today })).toEqual([]);
      expect(plan.filter((a) => a.date === today).length).toBe(3);
    });
  }

  it('is the same plan every time', () => {
    expect(planDemoAppointments('2026-03-05')).toEqual(planDemoAppointments('2026-03-05'));
  });

  it('is checked by a rule checker that notices a broken rule', () => {
    const s = [{ clinicId: 1, doctorId: 1, maxSlots: 1, callFrequency: 7, availableDays: availableDaysFor('weekdays') }];
    const base = { clinicId: 1, doctorId: 1, status: 'booked' };
    const broken = bookingRuleViolations({
      today: '2026-03-02',
      settings: s,
      appointments: [
        { ...base, repId: 1, appointmentDate: '2026-03-03' },
        { ...base, repId: 2, appointmentDate: '2026-03-03' }, // over maxSlots
        { ...base, repId: 3, appointmentDate: '2026-03-08' }, // a Sunday
      ],
    });
    expect(broken.some((m) => m.startsWith('over maxSlots'))).toBe(true);
    expect(broken.some((m) => m.startsWith('unavailable weekday'))).toBe(true);
  });
});
