import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import { buildVisitIcs, buildVisitsFeed } from './ics';

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

  it("carries the visit's revision: a moved visit's REQUEST outranks the booking's, its CANCEL outranks both (docs/decisions/043)", () => {
    const moved = { ...event, revision: 2 };
    expect(buildVisitIcs(event, 'REQUEST')).toContain('\r\nSEQUENCE:0\r\n');
    expect(buildVisitIcs(moved, 'REQUEST')).toContain('\r\nSEQUENCE:2\r\n');
    expect(buildVisitIcs(moved, 'CANCEL')).toContain('\r\nSEQUENCE:3\r\n');
    expect(buildVisitIcs(moved, 'REQUEST')).toContain('UID:appointment-42@repvisit.example');
  });
});

// A clinic's name, city and state are typed by the clinic: every line break and separator in them must stay
// inside one TEXT value (RFC 5545 3.3.11), and long lines fold without splitting a character (3.1). Read back
// with a real parser (ical.js), the file holds one event whose place is the clinic's exact name.
describe('clinic text that tries to break out of its value', () => {
  const hindi = 'श्री गुरु नानक देव जी धर्मार्थ चिकित्सालय एवं अनुसंधान केंद्र';
  const hostileName = `Evil\rEND:VEVENT\rBEGIN:VEVENT\rSUMMARY:Injected\nX;Y,Z\r\nDESCRIPTION:two ${hindi}`;
  const hostile = { ...event, clinicName: hostileName, clinicCity: 'Sri\rnagar', clinicState: 'J\u2028K;\r\n' };
  /** What a calendar app shows: TEXT holds newlines only as \n, so each kind of line break reads back as one. */
  const shown = (s: string) => s.replace(/\r\n|[\r\u2028]/g, '\n');
  const place = shown(`${hostile.clinicName}, ${hostile.clinicCity}, ${hostile.clinicState}`);

  const eventsOf = (ics: string) => {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    return calendar.getAllSubcomponents('vevent');
  };
  const physicalLinesFit = (ics: string) => {
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/); // no bare CR or LF anywhere
    // A fold never splits a UTF-8 character: every physical line is valid UTF-8 on its own.
    for (const line of ics.split('\r\n')) expect(Buffer.from(line, 'utf8').toString('utf8')).toBe(line);
  };

  it('keeps the booking file to one event with the exact clinic name', () => {
    for (const method of ['REQUEST', 'CANCEL'] as const) {
      const ics = buildVisitIcs(hostile, method);
      physicalLinesFit(ics);
      const events = eventsOf(ics);
      expect(events).toHaveLength(1);
      const [vevent] = events;
      expect(vevent!.getFirstPropertyValue('location')).toBe(place);
      expect(vevent!.getFirstPropertyValue('summary')).toBe(`${method === 'CANCEL' ? 'Cancelled: ' : ''}Visit ${event.doctorName} at ${shown(hostileName)}`);
      expect(vevent!.getAllProperties('description')).toHaveLength(1);
      expect(vevent!.getFirstPropertyValue('uid')).toBe('appointment-42@repvisit.example');
    }
  });

  it('keeps the private feed to one event per visit with the exact clinic name', () => {
    const visit = {
      appointmentId: 7,
      date: '2026-12-30',
      doctorName: 'Dr. Lone',
      clinicName: hostileName,
      clinicCity: 'Sri\rnagar',
      clinicState: 'J\u2028K;\r\n',
    };
    const ics = buildVisitsFeed([visit, { ...visit, appointmentId: 8 }], { calendarName: 'RepVisit\r\nX-EVIL:1', uidHost: 'repvisit.example', now: event.now });
    physicalLinesFit(ics);
    const events = eventsOf(ics);
    expect(events.map((e) => e.getFirstPropertyValue('uid'))).toEqual(['appointment-7@repvisit.example', 'appointment-8@repvisit.example']);
    for (const e of events) expect(e.getFirstPropertyValue('location')).toBe(place);
    const calendar = new ICAL.Component(ICAL.parse(ics));
    expect(calendar.getAllProperties('x-wr-calname')).toHaveLength(1);
    expect(calendar.getFirstProperty('x-evil')).toBeNull();
  });
});

// Visiting hours (docs/decisions/039): a visit with a time is an event at that time in Indian time, one visit long,
// with the zone defined in the file (RFC 5545 3.6.5); the cancellation names the same event and times.
describe('a timed visit', () => {
  const timed = { ...event, date: '2026-11-24', startTime: '15:30', slotMinutes: 15 };
  const TIMEZONE = [
    'BEGIN:VTIMEZONE',
    'TZID:Asia/Kolkata',
    'BEGIN:STANDARD',
    'DTSTART:19700101T000000',
    'TZOFFSETFROM:+0530',
    'TZOFFSETTO:+0530',
    'TZNAME:IST',
    'END:STANDARD',
    'END:VTIMEZONE',
  ].join('\r\n');

  /** The instants a real parser reads: the file's own VTIMEZONE registered, as a calendar app does. */
  function instantsOf(ics: string) {
    const calendar = new ICAL.Component(ICAL.parse(ics));
    for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
    try {
      return calendar.getAllSubcomponents('vevent').map((v) => {
        const e = new ICAL.Event(v);
        return { uid: e.uid, start: e.startDate.toJSDate().toISOString(), end: e.endDate.toJSDate().toISOString(), zone: e.startDate.zone?.tzid };
      });
    } finally {
      ICAL.TimezoneService.remove('Asia/Kolkata');
    }
  }

  it('starts at the time in Asia/Kolkata and ends one visit later, with the zone defined before the event', () => {
    const ics = buildVisitIcs(timed, 'REQUEST');
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T153000\r\n');
    expect(ics).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T154500\r\n');
    expect(ics).toContain(`METHOD:REQUEST\r\n${TIMEZONE}\r\nBEGIN:VEVENT\r\n`);
    expect(ics).toContain('TRANSP:OPAQUE\r\n');
    expect(ics).not.toContain('VALUE=DATE');
    // 15:30 IST is 10:00 UTC.
    expect(instantsOf(ics)).toEqual([
      { uid: 'appointment-42@repvisit.example', start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T10:15:00.000Z', zone: 'Asia/Kolkata' },
    ]);
  });

  it('the cancellation has the same UID and times, a higher sequence', () => {
    const request = buildVisitIcs(timed, 'REQUEST');
    const cancel = buildVisitIcs({ ...timed, now: new Date('2026-11-20T04:30:00.000Z') }, 'CANCEL');
    expect(cancel).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261124T153000\r\n');
    expect(cancel).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T154500\r\n');
    expect(cancel).toContain(`METHOD:CANCEL\r\n${TIMEZONE}\r\n`);
    expect(cancel).toContain('SEQUENCE:1\r\n');
    expect(instantsOf(cancel)).toEqual(instantsOf(request));
  });

  it('uses the visit length, and a length that runs past midnight ends on the next day', () => {
    expect(buildVisitIcs({ ...timed, startTime: '09:05', slotMinutes: 60 }, 'REQUEST')).toContain('\r\nDTEND;TZID=Asia/Kolkata:20261124T100500\r\n');
    const late = buildVisitIcs({ ...timed, date: '2026-12-31', startTime: '23:45', slotMinutes: 30 }, 'REQUEST');
    expect(late).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261231T234500\r\n');
    expect(late).toContain('\r\nDTEND;TZID=Asia/Kolkata:20270101T001500\r\n');
  });

  it('a visit without a time stays an all-day event with no time zone, exactly as before visiting hours', () => {
    for (const untimed of [event, { ...event, startTime: null, slotMinutes: 15 }]) {
      const ics = buildVisitIcs(untimed, 'REQUEST');
      expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261231\r\nDTEND;VALUE=DATE:20270101\r\n');
      expect(ics).toContain('TRANSP:TRANSPARENT\r\n');
      expect(ics).not.toContain('VTIMEZONE');
      expect(ics).not.toContain('TZID');
    }
  });

  it('the feed defines the zone once and mixes timed and all-day visits', () => {
    const base = { doctorName: 'Dr. Lone', clinicName: 'Lake View', clinicCity: 'Srinagar', clinicState: 'Jammu and Kashmir' };
    const ics = buildVisitsFeed(
      [
        { ...base, appointmentId: 7, date: '2026-11-24', startTime: '15:30', slotMinutes: 15 },
        { ...base, appointmentId: 8, date: '2026-11-25', startTime: '18:00', slotMinutes: 20 },
        { ...base, appointmentId: 9, date: '2026-11-26', startTime: null, slotMinutes: 15 },
      ],
      { calendarName: 'RepVisit visits', uidHost: 'repvisit.example', now: event.now },
    );
    expect(ics.match(/BEGIN:VTIMEZONE/g)).toHaveLength(1);
    expect(ics).toContain(`X-PUBLISHED-TTL:PT6H\r\n${TIMEZONE}\r\nBEGIN:VEVENT\r\n`);
    expect(ics).toContain('\r\nDTSTART;TZID=Asia/Kolkata:20261125T180000\r\nDTEND;TZID=Asia/Kolkata:20261125T182000\r\n');
    expect(ics).toContain('\r\nDTSTART;VALUE=DATE:20261126\r\nDTEND;VALUE=DATE:20261127\r\n');
    const [first, second] = instantsOf(ics);
    expect(first).toMatchObject({ start: '2026-11-24T10:00:00.000Z', end: '2026-11-24T10:15:00.000Z' });
    expect(second).toMatchObject({ start: '2026-11-25T12:30:00.000Z', end: '2026-11-25T12:50:00.000Z' });
    const untimedOnly = buildVisitsFeed([{ ...base, appointmentId: 9, date: '2026-11-26' }], {
      calendarName: 'x',
      uidHost: 'repvisit.example',
      now: event.now,
    });
    expect(untimedOnly).not.toContain('VTIMEZONE');
  });
});
