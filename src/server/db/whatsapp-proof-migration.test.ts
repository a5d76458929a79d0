import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDatabaseKinds } from '../test/harness';
import type { Database } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

// The migration 0028 (docs/decisions/048): a WhatsApp number that went on without a code (the account's own phone,
// never proved at registration) stops, with an opt-out consent row; a number proved by a code sent to it stays on.

const TAG = '0030_whatsapp-proof';

/** The migrations folder as it was just before `tag`. */
function folderBefore(tag: string): string {
  const dir = mkdtempSync(join(tmpdir(), 'rv-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag === tag);
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

async function migrateTo(database: Database, folder: string) {
  if (database.kind === 'postgres') await database.withoutTimeouts((db) => migratePg(db as unknown as NodePgDatabase, { migrationsFolder: folder }));
  else await migratePglite(database.db as unknown as PgliteDatabase, { migrationsFolder: folder });
}

for (const kind of testDatabaseKinds()) {
  describe(`WhatsApp numbers without proof stopped by migration 0028 [${kind}]`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    let folder: string;
    const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
      const result: unknown = await database.db.execute(query);
      return (result as { rows: T[] }).rows;
    };

    beforeAll(async () => {
      folder = folderBefore(TAG);
      ({ database, drop } = await createTestDatabase(kind, { migrate: false }));
      await migrateTo(database, folder);
      const rep = (id: number, phone: string, whatsapp: string | null) =>
        sql`insert into medical_reps (id, full_name, email, phone, company, state, password, email_verified, whatsapp_number)
            values (${id}, ${'Rep ' + id}, ${`rep${id}@example.com`}, ${phone}, 'Cipla', 'Goa', 'x', true, ${whatsapp})`;
      const code = (key: string, phone: string, status: string) =>
        sql`insert into outbox (channel, template_type, recipient_email, subject, status, replace_key, queued_at, next_attempt_at, deadline_at, recipient_phone)
            values ('whatsapp', 'whatsapp_code', 'x@example.com', 'Code', ${status}, ${key}, now(), now(), now(), ${phone})`;
      await database.db.execute(rep(1, '+919876500001', '919876500001')); // own phone, no code: stops
      await database.db.execute(rep(2, '+919876500002', '919876500003')); // another number, its code sent: stays
      await database.db.execute(rep(3, '+919876500004', '919876500005')); // another number, no code sent to it: stops
      await database.db.execute(rep(4, '+919876500006', '919876500006')); // own phone, even with a code sent: stops
      await database.db.execute(rep(5, '+919876500007', null));
      await database.db.execute(code('whatsapp-code:rep:2', '919876500003', 'sent'));
      await database.db.execute(code('whatsapp-code:rep:3', '919876500005', 'replaced'));
      await database.db.execute(code('whatsapp-code:rep:4', '919876500006', 'sent'));
      await database.db
        .execute(sql`insert into clinic_users (id, clinic_name, contact_person, state, city, contact_number, email, password, email_verified, whatsapp_number)
        values (1, 'Dal Clinic', 'Asha', 'Goa', 'Panaji', '+919876500008', 'c1@example.com', 'x', true, '919876500008'),
               (2, 'Lake Clinic', 'Asha', 'Goa', 'Panaji', '+911942450000', 'c2@example.com', 'x', true, '919876500009')`);
      await database.db.execute(code('whatsapp-code:clinic:2', '919876500009', 'sent'));
      await migrateDatabase(database);
    }, 180_000);
    afterAll(async () => {
      await drop?.();
      rmSync(folder, { recursive: true, force: true });
    });

    it('keeps only numbers proved by a code, and records an opt-out for each number it stops', async () => {
      expect(await rows(sql`select id, whatsapp_number from medical_reps order by id`)).toEqual([
        { id: 1, whatsapp_number: null },
        { id: 2, whatsapp_number: '919876500003' },
        { id: 3, whatsapp_number: null },
        { id: 4, whatsapp_number: null },
        { id: 5, whatsapp_number: null },
      ]);
      expect(await rows(sql`select id, whatsapp_number from clinic_users order by id`)).toEqual([
        { id: 1, whatsapp_number: null },
        { id: 2, whatsapp_number: '919876500009' },
      ]);
      expect(await rows(sql`select account_type, account_id, phone, action, source from whatsapp_consents order by account_type desc, account_id`)).toEqual([
        { account_type: 'rep', account_id: 1, phone: '919876500001', action: 'opt_out', source: 'proof_required' },
        { account_type: 'rep', account_id: 3, phone: '919876500005', action: 'opt_out', source: 'proof_required' },
        { account_type: 'rep', account_id: 4, phone: '919876500006', action: 'opt_out', source: 'proof_required' },
        { account_type: 'clinic', account_id: 1, phone: '919876500008', action: 'opt_out', source: 'proof_required' },
      ]);
    });
  });
}
