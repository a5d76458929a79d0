import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/client';

// Filling empty tables fast, as PostgreSQL's manual advises ("Populating a Database": remove indexes and foreign-key
// constraints, load, create them again): a million rows inserted into five b-trees one by one, each checked against
// three parent tables, took minutes on 2 cores; built afterwards, seconds. The definitions are read from the catalog
// (whatever the migrations made), so nothing here repeats the schema, and re-creating a unique index or a foreign
// key checks every seeded row against it.

const rowsOf = <T>(answer: unknown) => (answer as { rows: T[] }).rows;

export async function withoutIndexes<T>(db: Db, tables: string[], load: () => Promise<T>): Promise<T> {
  const names = sql.join(
    tables.map((t) => sql`${t}::regclass`),
    sql`, `,
  );
  // Indexes that back no constraint (the primary keys and UNIQUE constraints stay), and the foreign keys.
  const indexes = rowsOf<{ name: string; def: string }>(
    await db.execute(sql`
      select i.indexrelid::regclass::text as name, pg_get_indexdef(i.indexrelid) as def
      from pg_index i
      where i.indrelid in (${names}) and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`),
  );
  const foreignKeys = rowsOf<{ tbl: string; name: string; def: string }>(
    await db.execute(sql`
      select conrelid::regclass::text as tbl, conname as name, pg_get_constraintdef(oid) as def
      from pg_constraint where contype = 'f' and conrelid in (${names})`),
  );
  // regclass prints a name quoted as SQL needs it; the constraint's name is quoted here.
  for (const fk of foreignKeys) await db.execute(sql`alter table ${sql.raw(fk.tbl)} drop constraint ${sql.identifier(fk.name)}`);
  for (const ix of indexes) await db.execute(sql`drop index ${sql.raw(ix.name)}`);
  const restore = async () => {
    for (const ix of indexes) await db.execute(sql.raw(ix.def));
    for (const fk of foreignKeys) await db.execute(sql`alter table ${sql.raw(fk.tbl)} add constraint ${sql.identifier(fk.name)} ${sql.raw(fk.def)}`);
  };
  let result: T;
  try {
    result = await load();
  } catch (err) {
    await restore().catch(() => {}); // the load's error is the one to report
    throw err;
  }
  await restore();
  return result;
}
