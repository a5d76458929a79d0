import { ConfigError, loadConfig } from '../config';
import { databaseOptionsOf, openDatabase } from './client';
import { migrateDatabase } from './migrate';
import { demoLoginsText, seedIfEmpty } from './seed';

// `npm run db:seed`: loads the demo data into the configured database (DATABASE_URL, or the embedded one in
// DATA_DIR) when it holds no clinic yet. Stop the server first when it uses the embedded database: PGlite
// allows one process per data directory.

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const where = database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `the embedded database in ${config.DATA_DIR}`;
    const seeded = await seedIfEmpty(database.db, { now: new Date() });
    if (seeded) {
      console.log(
        `Seeded ${where}: ${Object.entries(seeded.summary)
          .map(([k, v]) => `${k} ${v}`)
          .join(', ')}.`,
      );
      console.log(`\n${seeded.loginsText}\n`);
    } else {
      console.log(`Nothing seeded: ${where} already has data. If it is the demo data, these logins work:`);
      console.log(`\n${demoLoginsText()}\n`);
    }
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
