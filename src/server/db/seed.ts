import { sql } from 'drizzle-orm';
import type { Db } from './client';
import { clinicUsers } from './schema';

export interface SeedResult {
  summary: Record<string, number>;
  loginsText: string;
}

/** Seeds the demo data set when the database holds no clinic yet; null when it already has data. */
export async function seedIfEmpty(db: Db, opts: { now: Date }): Promise<SeedResult | null> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(clinicUsers);
  if ((row?.n ?? 0) > 0) return null;
  return seedDemo(db, opts);
}

/** The believable demo data set (issue 2). Filled in by the seed work. */
export async function seedDemo(_db: Db, _opts: { now: Date }): Promise<SeedResult> {
  return { summary: {}, loginsText: 'No demo data yet.' };
}
