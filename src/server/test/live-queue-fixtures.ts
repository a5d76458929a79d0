import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { cacheKey, keysOfAppointment } from '../cache/cache-keys';
import type { Database } from '../db/client';
import { clinicCheckInSecrets, doctorAppointments, doctorDayLateness } from '../db/schema';
import { withWrite } from '../db/write';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from './factories';

// A doctor's day for the live queue's suites (docs/decisions/074-live-queue.md), and the doctor's two writes the
// queue reads (Call next, Running late; decision 073), written as their repos write them.

export const NOW = '2026-03-02T04:30:00.000Z'; // Monday 10:00 in India
export const TODAY = '2026-03-02';
const EVERY_DAY = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: true, sunday: true };

/**
 * The doctor calls a visit in: what Call next writes (POST /api/doctor/queue/next, decision 073), written here the way
 * a repo writer does (naming the doctor-day key) until that route is on this branch.
 */
export async function callIn(db: Database['db'], id: number, at: Date) {
  await withWrite({ db }, async (w) => {
    const rows = await w.update(doctorAppointments).set({ calledAt: at }).where(eq(doctorAppointments.id, id)).returning();
    for (const r of rows) w.changed(...keysOfAppointment(r));
  });
}

/** The doctor's Running late (POST /api/doctor/running-late, decision 073), written as its repo would. */
export async function runLate(db: Database['db'], o: { clinicId: number; doctorId: number; minutes: number }) {
  await withWrite({ db }, async (w) => {
    await w
      .insert(doctorDayLateness)
      .values({ ...o, date: TODAY })
      .onConflictDoUpdate({ target: [doctorDayLateness.clinicId, doctorDayLateness.doctorId, doctorDayLateness.date], set: { minutes: o.minutes } });
    w.changed(cacheKey.doctorDay(o.clinicId, o.doctorId, TODAY));
  });
}

/** A clinic with one doctor (visiting hours 10:00-12:00, 15-minute visits) and its session. */
export async function clinicDay(app: FastifyInstance) {
  const clinic = await createClinic(app.db);
  const doctor = await createDoctor(app.db, clinic.id, {
    settings: { availableDays: EVERY_DAY, visitWindows: [{ start: '10:00', end: '12:00' }], slotMinutes: 15, maxSlots: 8 },
  });
  const cookie = await sessionCookie(app, 'clinic', clinic.id);
  const visit = async (startTime: string) => {
    const rep = await createSubscribedRep(app.db);
    const v = await createAppointment(app.db, {
      doctorId: doctor.id,
      clinicId: clinic.id,
      repId: rep.id,
      appointmentDate: TODAY,
      startTime,
      bookedAt: new Date('2026-02-27T04:30:00.000Z'),
    });
    return { id: v.id, repId: rep.id, cookie: await sessionCookie(app, 'medrep', rep.id) };
  };
  return { clinic, doctor, cookie, visit };
}
export type QueueVisitOfRep = Awaited<ReturnType<Awaited<ReturnType<typeof clinicDay>>['visit']>>;

export async function secretOf(app: FastifyInstance, clinic: { clinic: { id: number }; cookie: string }) {
  const res = await app.inject({ method: 'GET', url: `/api/clinic/check-in-code?clinicId=${clinic.clinic.id}`, headers: { cookie: clinic.cookie } });
  expect(res.statusCode).toBe(200);
  const [row] = await app.db.select().from(clinicCheckInSecrets).where(eq(clinicCheckInSecrets.clinicId, clinic.clinic.id));
  return row!.secret;
}
