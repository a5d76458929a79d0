import fc from 'fast-check';
import { inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { isInRepList } from '../../../shared/booking/booking-rules';
import { WAITLIST_STATUSES, waitlistPosition } from '../../../shared/booking/waitlist';
import { addDays } from '../../../shared/dates';
import { doctorAppointments, waitlistEntries } from '../../db/schema';
import { createClinic, createDoctor, createSubscribedRep } from '../../test/factories';
import { describeEachDatabase } from '../../test/harness';
import { countWaitingUpTo, listRepEntries } from '../waitlist/waitlist.repo';
import { listRepsUpcomingAppointments, listRepUpcomingAppointments, queryRepUpcomingAppointments } from './booking.repo';

// Shared rules are the specification (ARCHITECTURE rule 1): where production computes one in SQL for speed, the SQL
// is checked here against the shared function on random rows of a real database. The rep's list (spec part 2, 5:
// today or later, not cancelled) by each of its read paths, and a waiting rep's place in a day's line (decision 043).

const TODAY = '2026-03-02';
const STATUSES = ['booked', 'confirmed', 'completed', 'no_show', 'cancelled'] as const;
const RUNS = 25;

describeEachDatabase('shared rules computed in SQL', (ctx) => {
  let clinicId = 0;
  let doctorIds: number[] = [];
  let repIds: number[] = [];

  beforeAll(async () => {
    const db = ctx.app.db;
    clinicId = (await createClinic(db)).id;
    doctorIds = [];
    for (let i = 0; i < 4; i++) doctorIds.push((await createDoctor(db, clinicId)).id);
    repIds = [];
    for (let i = 0; i < 5; i++) repIds.push((await createSubscribedRep(db)).id);
  });

  it("lists a rep's appointments exactly as isInRepList keeps them, by the prepared, the plain and the batched query", async () => {
    // Unique (rep, doctor, date): the database keeps one live visit of a rep with a doctor a day.
    const rowArb = fc.uniqueArray(
      fc.record({ rep: fc.nat({ max: 1 }), doctor: fc.nat({ max: 3 }), offset: fc.integer({ min: -4, max: 4 }), status: fc.constantFrom(...STATUSES) }),
      { maxLength: 24, selector: (r) => `${r.rep}:${r.doctor}:${r.offset}` },
    );
    await fc.assert(
      fc.asyncProperty(rowArb, fc.integer({ min: -2, max: 2 }), async (rows, todayShift) => {
        const db = ctx.app.db;
        const reps = repIds.slice(0, 2);
        await db.delete(doctorAppointments).where(inArray(doctorAppointments.repId, reps));
        const inserted = rows.length
          ? await db
              .insert(doctorAppointments)
              .values(
                rows.map((r) => ({
                  repId: reps[r.rep]!,
                  doctorId: doctorIds[r.doctor]!,
                  clinicId,
                  appointmentDate: addDays(TODAY, r.offset),
                  status: r.status,
                })),
              )
              .returning({
                id: doctorAppointments.id,
                repId: doctorAppointments.repId,
                date: doctorAppointments.appointmentDate,
                status: doctorAppointments.status,
              })
          : [];
        const today = addDays(TODAY, todayShift);
        const batched = await listRepsUpcomingAppointments(db, reps, today);
        for (const repId of reps) {
          const expected = inserted
            .filter((a) => a.repId === repId && isInRepList(a, today))
            .map((a) => a.id)
            .sort((x, y) => x - y);
          const ids = (list: { id: number }[]) => list.map((a) => a.id).sort((x, y) => x - y);
          expect(ids(await listRepUpcomingAppointments(db, { repId, fromDate: today }))).toEqual(expected);
          expect(ids(await queryRepUpcomingAppointments(db, { repId, fromDate: today }))).toEqual(expected);
          expect(ids(batched.filter((a) => a.rep_id === repId))).toEqual(expected);
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("gives each waiting rep the place waitlistPosition gives, in the rep's list and when joining", async () => {
    // One open place per rep per doctor's day; closed entries (accepted, declined, expired) may repeat.
    const entryArb = fc.uniqueArray(
      fc.record({ rep: fc.nat({ max: 4 }), doctor: fc.nat({ max: 1 }), offset: fc.nat({ max: 2 }), status: fc.constantFrom(...WAITLIST_STATUSES) }),
      { maxLength: 30, selector: (e) => `${e.rep}:${e.doctor}:${e.offset}` },
    );
    await fc.assert(
      fc.asyncProperty(entryArb, async (entries) => {
        const db = ctx.app.db;
        await db.delete(waitlistEntries).where(inArray(waitlistEntries.repId, repIds));
        const now = ctx.clock.now();
        // One at a time, in the drawn order: ids follow the order the reps joined in, as in the product.
        const rows: { id: number; repId: number; doctorId: number; date: string; status: string }[] = [];
        for (const e of entries) {
          const [row] = await db
            .insert(waitlistEntries)
            .values({
              repId: repIds[e.rep]!,
              doctorId: doctorIds[e.doctor]!,
              clinicId,
              date: addDays(TODAY, e.offset),
              status: e.status,
              offerExpiresAt: e.status === 'offered' ? new Date(now.getTime() + 3_600_000) : null,
            })
            .returning();
          rows.push({ id: row!.id, repId: row!.repId, doctorId: row!.doctorId, date: row!.date, status: row!.status });
        }
        const lineOf = (r: (typeof rows)[number]) => rows.filter((x) => x.doctorId === r.doctorId && x.date === r.date);
        for (const repId of repIds) {
          const listed = await listRepEntries(db, { repId, fromDate: TODAY, limit: 100 });
          expect(listed.map((l) => l.id).sort((a, b) => a - b)).toEqual(
            rows
              .filter((r) => r.repId === repId)
              .map((r) => r.id)
              .sort((a, b) => a - b),
          );
          for (const l of listed) expect(l.position, `entry ${l.id} (${l.status})`).toBe(waitlistPosition(lineOf(rows.find((r) => r.id === l.id)!), l.id));
        }
        for (const r of rows.filter((x) => x.status === 'waiting')) {
          expect(await countWaitingUpTo(db, { clinicId, doctorId: r.doctorId, date: r.date, id: r.id })).toBe(waitlistPosition(lineOf(r), r.id));
        }
      }),
      { numRuns: RUNS },
    );
  });
});
