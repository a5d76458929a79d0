import { createInterface } from 'node:readline/promises';
import { parseArgs } from 'node:util';
import { inviteAdminSchema } from '../../../shared/schemas/admin-team';
import { ConfigError, loadConfig } from '../../config';
import { databaseOptionsOf, openDatabase } from '../../db/client';
import { migrateDatabase } from '../../db/migrate';
import { isUniqueViolation } from '../../errors';
import { createOutbox } from '../../outbox/outbox';
import { findAdminByEmail } from './admin-team.repo';
import { inviteAdmin, resetAdminTwoFactor, type TeamActor } from './admin-team.service';

// `npm run admin:create -- --name "Asha Rao" --email asha@example.com [--role staff] [--reset]` (docs/decisions/
// 042-admin-team.md): creates an admin (an owner unless --role says otherwise) and prints their single-use enrolment
// link (48 hours); the same link is e-mailed when the server runs. --reset gives an existing admin a new link and
// clears their password and second factor: the way back in for an owner who lost both. Whoever runs it has the
// server's configuration, so it asks for no admin sign-in. Stop the server first when it uses the embedded database
// (PGlite allows one process per data directory).

const CLI_ACTOR: TeamActor = { id: null, name: 'Command line (npm run admin:create)', role: 'owner' };

async function ask(question: string): Promise<string> {
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return (await rl.question(question)).trim();
  } finally {
    rl.close();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: { name: { type: 'string' }, email: { type: 'string' }, role: { type: 'string', default: 'owner' }, reset: { type: 'boolean', default: false } },
  });
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      return 1;
    }
    throw err;
  }
  const email = values.email ?? (await ask('E-mail address: '));
  const name = values.reset ? 'unused' : (values.name ?? (await ask('Name: ')));
  const parsed = inviteAdminSchema.safeParse({ name, email, role: values.role });
  if (!parsed.success) {
    console.error(parsed.error.issues.map((i) => i.message).join('\n'));
    return 1;
  }
  const database = await openDatabase(databaseOptionsOf(config));
  try {
    await migrateDatabase(database);
    const clock = { now: () => new Date() };
    const deps = { db: database.db, clock, config, outbox: createOutbox({ clock, deadlineMs: config.OUTBOX_DEADLINE_HOURS * 3_600_000 }) };
    let link: string;
    if (values.reset) {
      const admin = await findAdminByEmail(database.db, parsed.data.email);
      if (!admin) {
        console.error(`No admin has the e-mail address ${parsed.data.email}.`);
        return 1;
      }
      ({ link } = await resetAdminTwoFactor(deps, { actor: CLI_ACTOR, id: admin.id, origin: null }));
      console.log(`${admin.name}'s password and second factor are cleared and their sessions ended.`);
    } else {
      try {
        ({ link } = await inviteAdmin(deps, { actor: CLI_ACTOR, input: parsed.data, origin: null }));
      } catch (err) {
        if (!isUniqueViolation(err) && !(err instanceof Error && 'code' in err && err.code === 'admin_email_taken')) throw err;
        console.error(`An admin with ${parsed.data.email} exists already. To give them a new link, add --reset.`);
        return 1;
      }
      console.log(`${parsed.data.name} (${parsed.data.email}) is invited as ${parsed.data.role}.`);
    }
    console.log(`\nOpen this link within 48 hours to choose a password and set up two-factor sign-in (it works once):\n${link}\n`);
    return 0;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
