import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../config';
import { createTestDatabase, testDatabaseKinds } from '../test/harness';

// The sample dashboard and alert rules (docs/operations/, docs/decisions/059-metrics-and-health.md) are a contract with
// the metrics: every series they read is one the app exposes, and the rules pass Prometheus' own checker and their
// unit tests (promtool, from Debian's `prometheus` package, which CI installs).

const RULES = 'docs/operations/prometheus-alerts.yml';
const RULE_TESTS = 'docs/operations/prometheus-alerts.test.yml';
const DASHBOARD = 'docs/operations/grafana-dashboard.json';
const PROMTOOL = '/usr/bin/promtool';
const TOKEN = 'operations-files-token-0123456789';

/** The repvisit_* series names a PromQL text reads, histogram suffixes taken back to their family. */
const familiesIn = (text: string) => new Set([...text.matchAll(/\brepvisit_[a-z0-9_]+/g)].map(([name]) => name.replace(/_(bucket|sum|count)$/, '')));

describe('the sample dashboard and alert rules', () => {
  // The union over the databases here: the pool's series exist only on PostgreSQL (PGlite has one connection), the
  // backup's only on the embedded database (PostgreSQL's backups are its own tools', decision 060).
  const exposed = new Set<string>();

  beforeAll(async () => {
    for (const kind of testDatabaseKinds()) {
      const created = await createTestDatabase(kind);
      const app = await buildApp({ config: testConfig({ METRICS_TOKEN: TOKEN }), database: created.database });
      try {
        const text = (await app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
        for (const [, name] of text.matchAll(/^# TYPE (\S+) /gm)) exposed.add(name!);
      } finally {
        await app.close();
        await created.drop();
      }
    }
  }, 120_000);

  it('read only series the app exposes', () => {
    const exprs = JSON.stringify(JSON.parse(readFileSync(DASHBOARD, 'utf8')));
    const read = new Set([...familiesIn(readFileSync(RULES, 'utf8')), ...familiesIn(exprs)]);
    expect(read.size).toBeGreaterThan(5);
    const pglite = !testDatabaseKinds().includes('postgres');
    const missing = [...read].filter((name) => !exposed.has(name) && !exposed.has(name.replace(/_total$/, '')));
    expect(missing.filter((name) => !(pglite && name.startsWith('repvisit_db_pool_')))).toEqual([]);
  });

  it.runIf(existsSync(PROMTOOL))('pass promtool check rules and the rules unit tests', () => {
    // execFileSync throws, with promtool's output, on a non-zero exit.
    expect(execFileSync(PROMTOOL, ['check', 'rules', RULES], { encoding: 'utf8' })).toMatch(/SUCCESS/);
    expect(execFileSync(PROMTOOL, ['test', 'rules', RULE_TESTS], { encoding: 'utf8' })).toMatch(/SUCCESS/);
  });
});
