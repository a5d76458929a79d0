import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import type { DbOrTx } from '../db/client';
import { clinicDoctors, clinicDoctorSettings, sessions } from '../db/schema';
import { createAppointment, createClinic, createDoctor, createSubscribedRep, sessionCookie } from '../test/factories';
import { describeEachDatabase } from '../test/harness';
import { readCacheDefinitions, readThrough, type ReadCacheDefinition } from './read-cache';

// A read cache that has two ways to the database, one key by a named statement (`loadOne`) and many in one query
// (`loadMany`), must answer the same either way for the same rows (docs/decisions/071-one-read-path.md): which one a
// miss takes depends only on how many misses came in the same turn. Checked for every such cache, on both databases,
// through PgBouncer in transaction mode (the statements' names dropped), and inside a transaction.

type AnyDefinition = ReadCacheDefinition<unknown, unknown>;

const WEEKDAYS = { monday: true, tuesday: true, wednesday: true, thursday: true, friday: true, saturday: false, sunday: false };

describeEachDatabase(
  "a cache's one-key and many-key reads",
  (ctx) => {
    /** The keys each cache is asked about: rows that exist, rows that do not, and rows its query leaves out. */
    const argsOf = new Map<string, unknown[]>();

    beforeAll(async () => {
      ctx.clock.set('2026-03-02T04:30:00.000Z');
      const db = ctx.app.db;
      const [c1, c2] = [await createClinic(db, { state: 'Goa', city: 'Panaji' }), await createClinic(db, { state: 'Goa', city: 'Margao' })];
      const d1 = await createDoctor(db, c1.id, { specialty: 'Neurology', state: 'Goa', city: 'Panaji' });
      const d2 = await createDoctor(db, c1.id, { settings: null });
      const d3 = await createDoctor(db, c2.id, { state: 'Goa', city: 'Margao' });
      // d1 at a second clinic too (the calendar's visits with a doctor at any of their clinics).
      await db.insert(clinicDoctors).values({ clinicId: c2.id, doctorId: d1.id });
      await db
        .insert(clinicDoctorSettings)
        .values({ clinicId: c2.id, doctorId: d1.id, doctorName: d1.name, maxSlots: 2, callFrequency: 14, availableDays: WEEKDAYS });
      const reps = [await createSubscribedRep(db), await createSubscribedRep(db), await createSubscribedRep(db, { status: 'inactive' })];
      const visit = (repId: number, clinicId: number, doctorId: number, appointmentDate: string, status = 'booked', startTime: string | null = null) =>
        createAppointment(db, { repId, clinicId, doctorId, appointmentDate, status, startTime });
      await visit(reps[0]!.id, c1.id, d1.id, '2026-03-04', 'booked', '10:00');
      await visit(reps[1]!.id, c1.id, d1.id, '2026-03-04', 'confirmed', '09:30');
      await visit(reps[0]!.id, c2.id, d1.id, '2026-03-12');
      await visit(reps[0]!.id, c2.id, d3.id, '2026-02-20', 'completed');
      await visit(reps[1]!.id, c2.id, d3.id, '2026-03-05', 'cancelled');
      await visit(reps[2]!.id, c1.id, d2.id, '2026-03-06');
      for (const r of reps) await sessionCookie(ctx.app, 'medrep', r.id);
      await sessionCookie(ctx.app, 'clinic', c1.id);
      await sessionCookie(ctx.app, 'admin', 1);
      const [expired] = await db.select({ id: sessions.id }).from(sessions).limit(1);
      await db
        .update(sessions)
        .set({ expiresAt: new Date('2026-03-01T00:00:00Z') })
        .where(eq(sessions.id, expired!.id));

      const now = ctx.clock.now();
      const sessionIds = (await db.select({ id: sessions.id }).from(sessions)).map((s) => s.id);
      const repIds = [...reps.map((r) => r.id), 999_999];
      const pairs: Array<readonly [number, number]> = [
        [c1.id, d1.id],
        [c1.id, d2.id],
        [c2.id, d1.id],
        [c2.id, d3.id],
        [c2.id, d2.id],
        [999_999, d1.id],
      ];
      const doctorIds = [d1.id, d2.id, d3.id, 999_999];
      argsOf.set(
        'sessions',
        [...sessionIds, 'no-such-session'].map((id) => ({ id, now })),
      );
      argsOf.set('rep appointments', repIds);
      argsOf.set('linked doctors', pairs);
      argsOf.set('directory link settings', pairs);
      argsOf.set('directory clinics of doctor', doctorIds);
    });

    /** Each key's value read one at a time, and all of them in one query. */
    async function bothWays(db: DbOrTx, def: AnyDefinition, args: unknown[]) {
      const one: unknown[] = [];
      for (const a of args) one.push(await def.loadOne!(db, a)); // one after another: a transaction has one connection
      const found = await def.loadMany!(db, args);
      const many = args.map((a) => (found.has(def.keyOf(a)) ? found.get(def.keyOf(a)) : def.missing));
      return { one, many };
    }

    it('every cache with both ways is asked here', () => {
      const both = [...readCacheDefinitions.values()].filter((d) => d.loadOne && d.loadMany).map((d) => d.name);
      expect(both.sort()).toEqual([...argsOf.keys()].sort());
    });

    it('answer the same, and find rows (not only the missing value)', async () => {
      for (const [name, args] of argsOf) {
        const def = readCacheDefinitions.get(name) as AnyDefinition;
        const { one, many } = await bothWays(ctx.app.db, def, args);
        expect(many, name).toEqual(one);
        const found = one.filter((v) => JSON.stringify(v) !== JSON.stringify(def.missing));
        expect(found.length, `${name} finds rows`).toBeGreaterThan(0);
        expect(found.length, `${name} leaves some keys out`).toBeLessThan(args.length);
      }
    });

    it('answer the same inside a transaction, and as the cache reads a turn of many misses or a few', async () => {
      for (const [name, args] of argsOf) {
        const def = readCacheDefinitions.get(name) as AnyDefinition;
        const outside = await bothWays(ctx.app.db, def, args);
        const inside = await ctx.app.db.transaction((tx) => bothWays(tx, def, args));
        expect(inside.one, name).toEqual(outside.one);
        expect(inside.many, name).toEqual(outside.one);
        const padded = [...args, ...args, ...args]; // past the one-by-one bound: the batched query
        expect(await readThrough(def, ctx.app.db, padded), name).toEqual([...outside.one, ...outside.one, ...outside.one]);
        expect(await readThrough(def, ctx.app.db, args.slice(0, 2)), name).toEqual(outside.one.slice(0, 2));
      }
    });
  },
  { pooler: true },
);
