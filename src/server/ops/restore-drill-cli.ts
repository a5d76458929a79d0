import { configOrExit, exitWith } from './cli-exit';
import { runRestoreDrill } from './restore-drill';

// `npm run restore-drill`: the PostgreSQL restore drill against DATABASE_URL (src/server/ops/restore-drill.ts). Exit 0
// when the restored copy's counts match and a sign-in worked on it; 1 otherwise.

const config = configOrExit();
if (!config.DATABASE_URL) exitWith('Set DATABASE_URL: the restore drill is for PostgreSQL (the embedded database: npm run backup, npm run restore).');
const report = await runRestoreDrill({ url: config.DATABASE_URL, log: (line) => console.log(line) });
if (!report.countsMatch) exitWith('Restore drill FAILED: the restored copy does not hold what the dump did.');
console.log(`Restore drill passed (${report.scratch} dropped).`);
