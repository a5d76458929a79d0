import { describe, expect, it } from 'vitest';
import { addDoctorSchema, cancelTodayCallsSchema, parseDoctorSettings, saveDoctorSettingsSchema } from './clinic';

describe('doctor settings in any stored spelling (spec part 1, 3)', () => {
  const days = { monday: true, tuesday: false, wednesday: true, thursday: false, friday: true, saturday: false, sunday: true };

  it('reads camelCase with availableDays as a JSON string and snake_case with an object alike', () => {
    const camel = parseDoctorSettings({ clinicId: 1, doctorId: 2, doctorName: 'Dr. A', maxSlots: 4, callFrequency: 21, availableDays: JSON.stringify(days) });
    const snake = parseDoctorSettings({ clinic_id: 1, doctor_id: 2, doctor_name: 'Dr. A', max_slots: '4', call_frequency: 21, available_days: days });
    // A copy saved before visiting hours reads as the whole day with 15-minute visits (decision 039), and one saved
    // before confirmations as bookings that need none (decision 041).
    expect(camel).toEqual({
      clinicId: 1,
      doctorId: 2,
      doctorName: 'Dr. A',
      maxSlots: 4,
      callFrequency: 21,
      availableDays: days,
      visitWindows: [],
      slotMinutes: 15,
      requiresApproval: false,
      doctorManagesSettings: false,
    });
    expect(snake).toEqual(camel);
  });

  it('fills the defaults (3 slots, every 7 days, Monday to Friday) and missing weekdays as false', () => {
    const s = saveDoctorSettingsSchema.parse({ clinicId: 1, doctorId: 2 });
    expect(s).toMatchObject({ maxSlots: 3, callFrequency: 7 });
    expect(s.availableDays).toEqual({ monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false });
    expect(saveDoctorSettingsSchema.parse({ clinicId: 1, doctorId: 2, availableDays: { sunday: true } }).availableDays.monday).toBe(false);
  });

  it('answers null for settings that make no sense', () => {
    expect(parseDoctorSettings(null)).toBeNull();
    expect(parseDoctorSettings({ clinicId: 1, doctorId: 2, maxSlots: 0 })).toBeNull();
    expect(parseDoctorSettings({ clinicId: 1, doctorId: 2, callFrequency: 30 })).toBeNull();
    expect(parseDoctorSettings({ clinicId: 1, doctorId: 2, availableDays: '{oops' })).toBeNull();
  });
});

describe('the spec messages of the clinic forms (part 1, 5)', () => {
  it('asks for both name and specialty', () => {
    const r = addDoctorSchema.safeParse({ clinicId: 1, name: '  ', specialty: 'Cardiology' });
    expect(r.success || r.error.issues[0]!.message).toBe('Please provide both doctor name and specialty.');
  });

  it('asks for a doctor, then for a reason', () => {
    const noDoctor = cancelTodayCallsSchema.safeParse({ clinicId: 1, date: '2026-03-02', reason: 'Clinic will be closed today' });
    expect(noDoctor.success || noDoctor.error.issues[0]!.message).toBe('Please select a doctor first.');
    const noReason = cancelTodayCallsSchema.safeParse({ clinicId: 1, doctorId: 2, date: '2026-03-02', reason: '' });
    expect(noReason.success || noReason.error.issues[0]!.message).toBe('Please select a reason for cancellation.');
  });
});
