// The command line of `npm run bench` (decisions 012 and 026). Unknown options are refused, so a typo does not
// silently run the default benchmark for ten minutes.

export interface BenchOptions {
  quick: boolean;
  /** one part only: a database's measures, or the outbox's (docs/decisions/028-outbox.md) */
  only?: 'postgres' | 'embedded' | 'outbox' | 'pooler' | 'live';
  /** the seeded volume times this (clinics, doctors, reps, appointments, sessions) */
  scale: number;
  build: boolean;
  lighthouse: boolean;
  /** signed-in reads with bookings, cancellations and logins running beside them */
  mixed: boolean;
  /** eight admins paging the appointments at once */
  adminPaging: boolean;
  twoInstances: boolean;
  /** a CPU profile of the app for each read and the bookings, in a pass after each is measured (bench/profile.ts) */
  profile: boolean;
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

const FLAGS = ['--quick', '--no-build', '--no-lighthouse', '--no-mixed', '--no-admin', '--two-instances', '--profile'];

export const USAGE =
  'npm run bench [-- --quick] [--scale=N] [--only=postgres|embedded|outbox|pooler|live] [--no-build] [--no-lighthouse] [--no-mixed] [--no-admin] [--two-instances] [--profile]';

export function parseOptions(argv: string[]): BenchOptions {
  const flags = new Set<string>();
  let only: BenchOptions['only'];
  let scale = 1;
  for (const a of argv) {
    if (a.startsWith('--only=')) {
      const v = a.slice(7);
      if (v !== 'postgres' && v !== 'embedded' && v !== 'outbox' && v !== 'pooler' && v !== 'live')
        throw new Error(`--only must be postgres, embedded, outbox, pooler or live\n${USAGE}`);
      only = v;
    } else if (a.startsWith('--scale=')) {
      scale = Number(a.slice(8));
      if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error(`--scale must be a whole number from 1 to 100\n${USAGE}`);
    } else if (FLAGS.includes(a)) {
      flags.add(a);
    } else {
      throw new Error(`unknown option ${a}\n${USAGE}`);
    }
  }
  const quick = flags.has('--quick');
  return {
    quick,
    only,
    scale,
    build: !flags.has('--no-build'),
    lighthouse: !flags.has('--no-lighthouse'),
    mixed: !flags.has('--no-mixed'),
    adminPaging: !flags.has('--no-admin'),
    twoInstances: flags.has('--two-instances'),
    profile: flags.has('--profile'),
    seconds: quick ? 3 : 10,
    warmupSeconds: quick ? 1 : 3,
    connections: 32,
  };
}
