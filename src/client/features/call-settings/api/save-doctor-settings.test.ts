import { describe, expect, it } from 'vitest';
import { saveDoctorSettingsSchema } from '../../../../shared/schemas/clinic';
import { settingsRequestBody, type SaveSettingsInput } from './save-doctor-settings';

const days = { monday: true, tuesday: false, wednesday: true, thursday: false, friday: true, saturday: false, sunday: false };
const input = (o: Partial<SaveSettingsInput> = {}): SaveSettingsInput => ({
  clinicId: 4,
  doctorId: 9,
  doctorName: 'Dr. Hina Wani',
  maxSlots: 6,
  callFrequency: 14,
  availableDays: days,
  visitWindows: [],
  slotMinutes: 15,
  ...o,
});

// What Save Settings sends (decision 039): the server keeps stored visiting hours when they are absent.
describe('the Call Preferences request', () => {
  it('sends the visiting hours earliest first with the visit length, and the days as a JSON string', () => {
    const body = settingsRequestBody(
      input({
        visitWindows: [
          { start: '18:00', end: '19:00' },
          { start: '15:30', end: '16:30' },
        ],
        slotMinutes: 20,
      }),
    );
    expect(body).toEqual({
      clinicId: 4,
      doctorId: 9,
      doctorName: 'Dr. Hina Wani',
      maxSlots: 6,
      callFrequency: 14,
      availableDays: JSON.stringify(days),
      visitWindows: [
        { start: '15:30', end: '16:30' },
        { start: '18:00', end: '19:00' },
      ],
      slotMinutes: 20,
    });
  });

  it('sends no windows as [] (the whole day), so clearing them reaches the server', () => {
    const body = JSON.parse(JSON.stringify(settingsRequestBody(input()))) as Record<string, unknown>;
    expect(body.visitWindows).toEqual([]);
    expect(body.slotMinutes).toBe(15);
  });

  it('is what the server schema reads back unchanged', () => {
    const windows = [{ start: '09:00', end: '10:30' }];
    const parsed = saveDoctorSettingsSchema.parse(JSON.parse(JSON.stringify(settingsRequestBody(input({ visitWindows: windows, slotMinutes: 30 })))));
    expect(parsed).toMatchObject({ availableDays: days, visitWindows: windows, slotMinutes: 30, maxSlots: 6, callFrequency: 14 });
  });
});
