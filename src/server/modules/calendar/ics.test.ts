import { describe, expect, it } from 'vitest';
import { buildVisitIcs } from './ics';

const event = {
  appointmentId: 42,
  date: '2026-12-31',
  doctorName: 'Dr. Mir; Qasim',
  doctorSpecialty: 'Cardiology',
  clinicName: 'Lake View, Clinic',
  clinicCity: 'Srinagar',
  clinicState: 'Jammu and Kashmir',
  repName: 'Ravi "RS" Sharma',
  repEmail: 'ravi@example.com',
  organizerEmail: 'no-reply@repvisit.local',
  uidHost: 'repvisit.example',
  now: new Date('2026-03-02T04:30:00.000Z'),
};

describe('buildVisitIcs', () => {
  it('is an all-day event on the date with a stable UID, CRLF lines of at most 75 octets', () => {
    const ics = buildVisitIcs(event, 'REQUEST');
    expect(ics).toContain('METHOD:REQUEST\r\n');
    expect(ics).toContain('UID:appointment-42@repvisit.example\r\n');
    expect(ics).toContain('DTSTART;VALUE=DATE:20261231\r\n');
    expect(ics).toContain('DTEND;VALUE=DATE:20270101\r\n');
    expect(ics).toContain('DTSTAMP:20260302T043000Z\r\n');
    expect(ics).toContain('ATTENDEE;CN="Ravi RS Sharma"');
    expect(ics.endsWith('END:VCALENDAR\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const unfolded = ics.replace(/\r\n /g, '');
    expect(unfolded).toContain('SUMMARY:Visit Dr. Mir\\; Qasim at Lake View\\, Clinic');
  });

  it('cancels the same event with a higher sequence', () => {
    const ics = buildVisitIcs(event, 'CANCEL');
    expect(ics).toContain('METHOD:CANCEL');
    expect(ics).toContain('UID:appointment-42@repvisit.example');
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SEQUENCE:1');
  });
});
