import { AsyncLocalStorage } from 'node:async_hooks';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../src/server/app';
import { testConfig } from '../src/server/config';
import { DEFAULT_POOL_SIZE, openDatabase } from '../src/server/db/client';
import type { LoadRequest } from './load';
import { freePort, spawnChild, type Child } from './processes';
import { BENCH_BOOKING_HORIZON_DAYS, type ReadScenario } from './scenarios';

// The bare node-postgres baseline of a cold read (decision 076): the statements the app's read sends are recorded
// once per run from the app's own code (an in-process app on the seeded database, every statement its pg clients
// send within the request), so when a read's statements change the baseline follows. Each parameter is then
// explained by the request (a value of its query string, the session's hash, its account), as the time ("now") or
// as a constant, checked over several requests; a parameter none of these explain stops the bench, naming it.

export interface RecordedStatement {
  name?: string;
  rowMode?: 'array';
  text: string;
}

/** What the baseline server runs for one read: its session statement(s), then its data statements. */
export interface BaselineRead extends Record<'session' | 'data', RecordedStatement[]> {
  scenario: string;
  /** The app's data statements in sequential round trips (statements sent before the previous answered share one). */
  dataRoundTrips: number;
}

type Rule = { kind: 'constant'; value: unknown } | { kind: 'input'; name: string; number: boolean } | { kind: 'now' };
export interface ReadPlan extends BaselineRead {
  rules: Record<'session' | 'data', Rule[][]>;
}

interface Sent extends RecordedStatement {
  values: unknown[];
  sentAt: number;
  answeredAt: number;
}

/** The inputs a request carries: its query string, its session's id (the token's SHA-256) and account (the bench's token). */
export function inputsOf(r: LoadRequest): Map<string, string> {
  const out = new Map<string, string>(new URL(r.path, 'http://x').searchParams);
  const token = /rv_session=([^;]+)/.exec(r.cookie ?? '')?.[1];
  if (token) {
    out.set('session', createHash('sha256').update(token).digest('hex'));
    const account = /^bench-(?:medrep|clinic)-(\d+)-/.exec(token)?.[1];
    if (account) out.set('account', account);
  }
  return out;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The rule that gives parameter `k` in every sample: an input of the request (by name, the value's type kept), the
 * instant of the request, or a constant. Null when none does: the baseline cannot send what the app sends.
 */
export function ruleOf(samples: Array<{ value: unknown; inputs: Map<string, string> }>): Rule | null {
  const first = samples[0]!;
  for (const name of first.inputs.keys()) {
    if (samples.every((s) => s.inputs.has(name) && String(s.value) === s.inputs.get(name))) {
      // An input the samples all share explains nothing a constant does not: prefer one that varies.
      const varies = new Set(samples.map((s) => s.inputs.get(name))).size > 1;
      if (varies) return { kind: 'input', name, number: typeof first.value === 'number' };
    }
  }
  if (samples.every((s) => typeof s.value === 'string' && ISO_INSTANT.test(s.value) && Math.abs(Date.parse(s.value) - Date.now()) < 600_000))
    return { kind: 'now' };
  const text = JSON.stringify(first.value);
  if (samples.every((s) => JSON.stringify(s.value) === text)) return { kind: 'constant', value: first.value };
  return null;
}

export function valuesOf(rules: Rule[][], inputs: Map<string, string>): unknown[][] {
  return rules.map((statement) =>
    statement.map((r) => {
      if (r.kind === 'constant') return r.value;
      if (r.kind === 'now') return new Date().toISOString();
      const v = inputs.get(r.name)!;
      return r.number ? Number(v) : v;
    }),
  );
}

/** Sequential round trips of statements in the order sent: one that left before the previous answer shares its trip. */
function roundTrips(sent: Sent[]): number {
  let trips = 0;
  let answered = -Infinity;
  for (const s of sent) {
    if (s.sentAt >= answered) trips++;
    answered = Math.max(s.sentAt >= answered ? s.answeredAt : answered, s.answeredAt);
  }
  return trips;
}

const textsOf = (xs: RecordedStatement[]) => xs.map((x) => x.text);

/**
 * Records each cold scenario's statements: for four requests i, request i's session alone (`sessionOnly`), then
 * the read with its session cached (the data statements); then one request fully cold, which must send the same
 * statements as the two together. Runs an app in this process on `url` (the seeded database), then closes it.
 */
export async function recordReads(url: string, scenarios: ReadScenario[]): Promise<ReadPlan[]> {
  const scope = new AsyncLocalStorage<Sent[]>();
  const proto = pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown };
  const original = proto.query;
  proto.query = function (this: unknown, config: unknown, values?: unknown, callback?: unknown) {
    const into = scope.getStore();
    if (!into || typeof config !== 'object' || config === null) return original.call(this, config, values, callback);
    const c = config as { name?: string; rowMode?: 'array'; text: string; values?: unknown[] };
    const sent: Sent = { text: c.text, values: (Array.isArray(values) ? values : c.values) ?? [], sentAt: performance.now(), answeredAt: Infinity };
    if (c.name) sent.name = c.name;
    if (c.rowMode) sent.rowMode = c.rowMode;
    // A new connection's settings (db/pg-pool.ts) are the pool's, not the read's.
    if (!/^set /.test(c.text)) into.push(sent);
    const done = () => (sent.answeredAt = performance.now());
    if (typeof callback === 'function')
      return original.call(this, config, values, (...a: unknown[]) => (done(), (callback as (...b: unknown[]) => unknown)(...a)));
    const answer = original.call(this, config, values, callback);
    if (answer instanceof Promise) void answer.then(done, done);
    return answer;
  };
  const database = await openDatabase({ url, dataDir: 'memory://', poolSize: 4 });
  const app = await buildApp({
    config: testConfig({ SMTP_URL: 'smtp://127.0.0.1:9', BOOKING_HORIZON_DAYS: String(BENCH_BOOKING_HORIZON_DAYS), JOBS_ENABLED: 'false' }),
    database,
  });
  try {
    await app.ready();
    await app.outboxWorker.stop();
    const send = async (r: LoadRequest) => {
      const into: Sent[] = [];
      // light-my-request sends on then(): called inside the scope, so the request's statements are recorded in it.
      const res = await scope.run(into, () => app.inject({ method: 'GET', url: r.path, headers: { cookie: r.cookie ?? '' } }).then((answer) => answer));
      return { status: res.statusCode, sent: into };
    };
    const plans: ReadPlan[] = [];
    for (const [n, s] of scenarios.entries()) {
      if (!s.cold) continue;
      // Far past the indices the measures take, and each scenario its own: every sample's session is new to this app.
      const samples = [0, 1, 2, 3].map((k) => 7_000_000 + n * 100_003 + k * 9_973);
      const seen: Array<{ session: Sent[]; data: Sent[]; inputs: Map<string, string> }> = [];
      for (const i of samples) {
        const session = await send(s.cold.sessionOnly(i));
        const data = await send(s.next(i));
        if (data.status !== 200 || session.status >= 500 || session.sent.length === 0)
          throw new Error(
            `${s.name}: recording request ${i}: its session alone answered ${session.status} (${session.sent.length} statements), then ${data.status}`,
          );
        seen.push({ session: session.sent, data: data.sent, inputs: inputsOf(s.next(i)) });
      }
      const cold = await send(s.next(samples[0]! + 1));
      const shape = JSON.stringify([textsOf(seen[0]!.session), textsOf(seen[0]!.data)]);
      for (const x of seen)
        if (JSON.stringify([textsOf(x.session), textsOf(x.data)]) !== shape) throw new Error(`${s.name}: the app's statements differ between requests`);
      const together = [...textsOf(seen[0]!.session), ...textsOf(seen[0]!.data)].sort();
      if (JSON.stringify(textsOf(cold.sent).sort()) !== JSON.stringify(together))
        throw new Error(`${s.name}: a fully cold request sends other statements than its session and its data apart`);
      const rules = { session: [] as Rule[][], data: [] as Rule[][] };
      for (const part of ['session', 'data'] as const) {
        seen[0]![part].forEach((statement, k) => {
          rules[part].push(
            statement.values.map((_, j) => {
              const rule = ruleOf(seen.map((x) => ({ value: x[part][k]!.values[j], inputs: x.inputs })));
              if (!rule) throw new Error(`${s.name}: no input explains $${j + 1} of ${statement.name ?? statement.text.slice(0, 80)}`);
              return rule;
            }),
          );
        });
      }
      const bare = (x: Sent): RecordedStatement => ({ text: x.text, ...(x.name ? { name: x.name } : {}), ...(x.rowMode ? { rowMode: x.rowMode } : {}) });
      plans.push({ scenario: s.name, session: seen[0]!.session.map(bare), data: seen[0]!.data.map(bare), dataRoundTrips: roundTrips(seen[0]!.data), rules });
    }
    return plans;
  } finally {
    proto.query = original;
    await app.close();
    await database.close();
  }
}

const here = fileURLToPath(new URL('.', import.meta.url));

/** Starts the baseline server (pg-baseline-server.ts) for `plans` on `url`, with the app's pool size. */
export async function startPgBaseline(url: string, plans: ReadPlan[]): Promise<Child> {
  const file = join(mkdtempSync(join(tmpdir(), 'repvisit-pg-baseline-')), 'reads.json');
  writeFileSync(file, JSON.stringify(plans.map(({ rules: _, ...read }) => read)));
  const port = await freePort();
  return spawnChild(
    ['--import', 'tsx', join(here, 'pg-baseline-server.ts'), file],
    { PORT: String(port), DATABASE_URL: url, POOL_MAX: String(DEFAULT_POOL_SIZE) },
    '/ready',
    port,
  );
}

/** The baseline's request for the scenario's request i: `cold` (session, then data) or `data` alone. */
export function baselineRequest(plans: ReadPlan[], s: ReadScenario, mode: 'cold' | 'data'): (i: number) => LoadRequest {
  const at = plans.findIndex((p) => p.scenario === s.name);
  const plan = plans[at]!;
  return (i) => {
    const inputs = inputsOf(s.next(i));
    const v = { session: mode === 'cold' ? valuesOf(plan.rules.session, inputs) : [], data: valuesOf(plan.rules.data, inputs) };
    return { path: `/${at}/${mode}?v=${encodeURIComponent(JSON.stringify(v))}` };
  };
}
