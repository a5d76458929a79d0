import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { busOf } from '../cache/cache-bus';
import { cacheKey } from '../cache/cache-keys';
import { defineReadCache, readCacheDefinitions } from '../cache/read-cache';
import { describeEachDatabase } from '../test/harness';
import { cacheChanges, jobRuns } from './schema';
import { withWrite } from './write';

// withWrite (docs/decisions/062-one-write-path.md): the keys a write's repos add are announced in its transaction and
// dropped here after the commit; a rollback announces nothing. Through PgBouncer in transaction mode the feed is rows
// of cache_changes written in the same transaction (decision 058).

// Test files share the app's modules (docs/decisions/084): this file's cache leaves the registry of the app's caches
// as it found it, for the tests that read that registry.
afterAll(() => readCacheDefinitions.delete('write-test'));

describeEachDatabase(
  'one write transaction',
  (ctx) => {
    let loads = 0;
    const cache = defineReadCache<number, number>({
      name: 'write-test',
      max: 10,
      maxBytes: 2 ** 20,
      sizeOf: () => 1,
      keyOf: String,
      invalidatedBy: { 'rep-appts': ([id]) => id },
      load: async () => ++loads,
    });
    const feedRows = (keys: string[]) => ctx.app.db.select({ key: cacheChanges.key }).from(cacheChanges).where(inArray(cacheChanges.key, keys));
    const pooledFeed = () => busOf(ctx.app.db)?.feed === 'table';
    // The feed's first poll (100 ms in tests) empties the caches once: let it pass before counting loads.
    beforeAll(async () => {
      while (!busOf(ctx.app.db)?.live) await new Promise((r) => setTimeout(r, 20));
      await new Promise((r) => setTimeout(r, 300));
    });

    it('announces the keys its writers added at the commit and drops them here', async () => {
      const before = await cache.read(ctx.app.db, 9001);
      expect(await cache.read(ctx.app.db, 9001)).toBe(before);
      const id = await withWrite(ctx.app, async (w) => {
        const [row] = await w.insert(jobRuns).values({ name: 'reminders', startedAt: new Date(), status: 'running' }).returning({ id: jobRuns.id });
        w.changed(cacheKey.repAppointments(9001));
        // Not yet: another reader must not cache the old row past the commit, and this one drops it after the commit.
        expect(await cache.read(ctx.app.db, 9001)).toBe(before);
        return row!.id;
      });
      expect(await cache.read(ctx.app.db, 9001)).toBe(before + 1);
      expect((await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.id, id))).length).toBe(1);
      expect((await feedRows([cacheKey.repAppointments(9001)])).length).toBe(pooledFeed() ? 1 : 0);
    });

    it('announces nothing and writes nothing when it rolls back', async () => {
      const before = await cache.read(ctx.app.db, 9002);
      const name = 'visit-close';
      await expect(
        withWrite(ctx.app, async (w) => {
          await w.insert(jobRuns).values({ name, startedAt: new Date('2020-01-01'), status: 'running' });
          w.changed(cacheKey.repAppointments(9002));
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      expect(await cache.read(ctx.app.db, 9002)).toBe(before);
      expect(
        await ctx.app.db
          .select()
          .from(jobRuns)
          .where(eq(jobRuns.startedAt, new Date('2020-01-01'))),
      ).toEqual([]);
      expect(await feedRows([cacheKey.repAppointments(9002)])).toEqual([]);
    });

    it('keeps the keys of a savepoint with the write; a write that adds none announces nothing', async () => {
      const before = await cache.read(ctx.app.db, 9003);
      await withWrite(ctx.app, (w) =>
        w.savepoint(async (sp) => {
          sp.changed(cacheKey.repAppointments(9003));
        }),
      );
      expect(await cache.read(ctx.app.db, 9003)).toBe(before + 1);
      const rows = await ctx.app.db.$count(cacheChanges);
      await withWrite(ctx.app, async (w) => {
        await w.insert(jobRuns).values({ name: 'reminders', startedAt: new Date(), status: 'succeeded' });
      });
      expect(await ctx.app.db.$count(cacheChanges)).toBe(rows);
    });
  },
  { pooler: 'both' },
);
