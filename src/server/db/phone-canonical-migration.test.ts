import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { canonicalPhone } from '../../shared/schemas/phone';
import { createTestDatabase, testDatabaseKinds } from '../test/harness';
import type { Database } from './client';
import { migrateDatabase, migrationsFolder } from './migrate';

// The migration 0018 (docs/decisions/032): the phone numbers stored before it become canonical, two accounts whose
// numbers become one never fail it (the verified, older one keeps the number), and its SQL rule answers as the
// shared TypeScript rule does.

const TAG = '0018_phone-canonical';

/** The migrations folder as it was just before 0018. */
function foldersBefore(tag: string): string {
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

const SAMPLES = [
  '9906001202',
  '+91 99060 01202',
  '+91-99060-01202',
  '(+91) 99060 01202',
  '09906001202',
  '919906001202',
  '0091 99060 01202',
  '+91 0 99060 01202',
  '0194 245 0000',
  '+1 (415) 555-0100',
  '0044 20 7946 0958',
  '12345',
  '  98765 43210  ',
  'deleted-17',
  '+919906001202',
];

for (const kind of testDatabaseKinds()) {
  describe(`phone numbers made canonical by migration 0018 [${kind}]`, () => {
    let database: Database;
    let drop: () => Promise<void>;
    let folder: string;
    const rows = async <T>(query: ReturnType<typeof sql>): Promise<T[]> => {
      const result: unknown = await database.db.execute(query);
      return (result as { rows: T[] }).rows;
    };

    beforeAll(async () => {
      folder = foldersBefore(TAG);
      ({ database, drop } = await createTestDatabase(kind, { migrate: false }));
      await migrateTo(database, folder);
      const rep = (id: number, phone: string, verified: boolean, created: string) =>
        sql`insert into medical_reps (id, full_name, email, phone, company, state, password, email_verified, created_at)
            values (${id}, ${'Rep ' + id}, ${`rep${id}@example.com`}, ${phone}, 'Cipla', 'Goa', 'x', ${verified}, ${created})`;
      // 1 and 2 are one number; 1 is older. 3 holds the canonical form already but 4 is verified and older.
      await database.db.execute(rep(1, '9906001202', true, '2026-01-01T00:00:00Z'));
      await database.db.execute(rep(2, '+91 99060 01202', true, '2026-02-01T00:00:00Z'));
      await database.db.execute(rep(3, '+919906001203', false, '2026-01-01T00:00:00Z'));
      await database.db.execute(rep(4, '0 99060 01203', true, '2026-02-01T00:00:00Z'));
      await database.db.execute(rep(5, '0091-98765-43210', true, '2026-01-01T00:00:00Z'));
      await database.db.execute(rep(6, 'deleted-6', false, '2026-01-01T00:00:00Z'));
      await database.db.execute(sql`insert into clinic_users (id, clinic_name, contact_person, state, city, contact_number, email, password, email_verified)
        values (1, 'Dal Clinic', 'Asha', 'Goa', 'Panaji', '0194 245 0000', 'c1@example.com', 'x', true),
               (2, 'Lake Clinic', 'Asha', 'Goa', 'Panaji', '+91 1942450000', 'c2@example.com', 'x', false),
               (3, 'Hill Clinic', 'Asha', 'Goa', 'Panaji', '99060-01202', 'c3@example.com', 'x', true)`);
      await database.db.execute(sql`insert into pending_medical_reps (full_name, email, phone, company, state, password, verification_otp, otp_expiry)
        values ('Pending', 'p@example.com', '(+91) 98111-22233', 'X', 'Goa', 'x', 'x', now())`);
      await database.db.execute(sql`insert into profile_update_codes (rep_id, update_type, new_value, code_hash, expires_at)
        values (5, 'phone', '98111 22244', 'x', now()), (6, 'name', '98111 22244', 'x', now())`);
      await migrateDatabase(database);
    }, 180_000);
    afterAll(async () => {
      await drop?.();
      rmSync(folder, { recursive: true, force: true });
    });

    it('stores every number canonical; of two accounts with one number the verified, older one keeps it', async () => {
      const reps = await rows<{ id: number; phone: string }>(sql`select id, phone from medical_reps order by id`);
      expect(reps).toEqual([
        { id: 1, phone: '+919906001202' },
        { id: 2, phone: '+91 99060 01202' }, // the newer duplicate keeps what it had
        { id: 3, phone: '+919906001203 (duplicate of rep 4)' }, // unverified: steps aside for the verified account
        { id: 4, phone: '+919906001203' },
        { id: 5, phone: '+919876543210' },
        { id: 6, phone: 'deleted-6' },
      ]);
      const clinics = await rows<{ id: number; contact_number: string }>(sql`select id, contact_number from clinic_users order by id`);
      expect(clinics).toEqual([
        { id: 1, contact_number: '+911942450000' },
        { id: 2, contact_number: '+91 1942450000' },
        { id: 3, contact_number: '+919906001202' }, // a clinic and a rep: reported only
      ]);
      expect(await rows(sql`select phone from pending_medical_reps`)).toEqual([{ phone: '+919811122233' }]);
      expect(await rows(sql`select update_type, new_value from profile_update_codes order by rep_id`)).toEqual([
        { update_type: 'phone', new_value: '+919811122244' },
        { update_type: 'name', new_value: '98111 22244' },
      ]);
      // What it left alone is one query away (the report of decision 032).
      const leftAlone = await rows<{ id: number }>(sql`select id from medical_reps where phone <> canonical_phone(phone) order by id`);
      expect(leftAlone.map((r) => r.id)).toEqual([2]);
    });

    it('answers as the shared rule does', async () => {
      for (const sample of SAMPLES) {
        const [row] = await rows<{ canonical: string }>(sql`select canonical_phone(${sample}) as canonical`);
        expect([sample, row!.canonical]).toEqual([sample, canonicalPhone(sample)]);
        expect(canonicalPhone(canonicalPhone(sample))).toBe(canonicalPhone(sample));
      }
    });
  });
}
