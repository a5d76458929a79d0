import { waitUntilCaughtUp, type Child } from './processes';
import { measureColdRead, measureRead, pushColdRows, type ColdCursors, type ColdOutcome, type LoadSettings, type PgBaseline, type ReadOutcome } from './reads';
import { log, pct, rows, seconds } from './report';
import type { ReadScenario } from './scenarios';
import type { SeededVolume } from './seed-volume';
import { startWrites, type WriteReport } from './writes';

// The mixed run (decision 026): the signed-in reads a rep and a clinic make, each measured in turn as in the bare run
// (same connections, same seconds, same-size baseline), while bookings, cancellations and logins arrive at a steady
// rate through the API. Each row sets the read's share of its baseline beside its share in the bare run: the ratio
// of the two is what the writes cost the readers (their cache invalidations, locks and argon2 hashing). On PostgreSQL
// each cold read is measured against the node-postgres baseline again, under the same writes, on fresh sessions
// (decision 076): the database both share is as busy for the baseline as for the app.

export async function benchMixed(
  kind: string,
  app: Child,
  v: SeededVolume,
  o: {
    scenarios: ReadScenario[];
    sizes: Map<string, number>;
    bare: Map<string, ReadOutcome>;
    load: LoadSettings;
    cold?: { pg: PgBaseline; cursors: ColdCursors; goal: { share: number; p99Ratio: number } };
    /** The cached reads' goal against the static baseline under the writes (decision 076). */
    cachedShare?: number;
  },
) {
  const reads = new Map<string, ReadOutcome>();
  const cold = new Map<string, ColdOutcome>();
  const writes = startWrites(app, v);
  let reports: WriteReport[] = [];
  try {
    for (const s of o.scenarios) {
      if (s.cold && o.cold) {
        const m = await measureColdRead(app, s, { ...o.cold, load: o.load });
        cold.set(s.name, m);
        pushColdRows(kind, s, m, { plan: o.cold.pg.plans.find((p) => p.scenario === s.name)!, goal: o.cold.goal, suffix: ' + writes' });
        continue;
      }
      // The bare run measured every baseline size already: no baseline runs while the writes go on.
      const m = await measureRead(app, s, o.sizes.get(s.name)!, o.load);
      reads.set(s.name, m);
      const bare = o.bare.get(s.name);
      const r = m.result;
      const answered = r.requests > 0;
      rows.push({
        target: kind,
        measure: `${s.name} + writes`,
        value:
          `${r.rps.toFixed(0)} rps${bare ? `, ${pct(m.share / bare.share)} of the bare run` : ''}` +
          `${m.non2xx ? ` (${m.non2xx} not 2xx)` : ''}${answered ? '' : ' (no answer within the run)'}`,
        share: pct(m.share),
        p50: answered ? `${r.p50} ms` : '-',
        p99: answered ? `${r.p99} ms` : '-',
        goal:
          o.cachedShare === undefined ? `reported (of ${m.baselineBytes} B base), all 2xx` : `>= ${pct(o.cachedShare)} of ${m.baselineBytes} B base, all 2xx`,
        ok: m.non2xx === 0 && answered ? (o.cachedShare === undefined ? null : m.share >= o.cachedShare) : false,
      });
      log(`${kind} mixed ${s.name}: ${r.rps.toFixed(0)} rps (${pct(m.share)}), p50 ${r.p50} ms, p99 ${r.p99} ms, status ${JSON.stringify(r.status)}`);
    }
  } finally {
    reports = await writes.stop();
  }
  // An app the writes overloaded is still serving what queued meanwhile: the next measure waits for it.
  const caughtUpMs = await waitUntilCaughtUp(app);
  if (caughtUpMs === null || caughtUpMs > 2000) {
    rows.push({
      target: kind,
      measure: 'mixed: the app idle again after the writes stopped',
      value: caughtUpMs === null ? 'not within 3 minutes' : `in ${seconds(caughtUpMs)}`,
      goal: 'reported, within 3 minutes',
      ok: caughtUpMs === null ? false : null,
    });
  }
  for (const w of reports) {
    const refused = Object.entries(w.status)
      .filter(([c]) => !c.startsWith('2'))
      .map(([c, n]) => `${n} x ${c}`);
    const fiveXx = Object.entries(w.status).reduce((a, [c, n]) => (c.startsWith('5') ? a + n : a), 0);
    rows.push({
      target: kind,
      measure: `mixed writes: ${w.name}`,
      value:
        `${w.achievedPerSecond.toFixed(1)}/s of ${w.targetPerSecond}/s answered 2xx` +
        `${refused.length ? `, ${refused.join(', ')}` : ''}${w.errors ? `, ${w.errors} no answer` : ''}${w.skipped ? `, ${w.skipped} not sent` : ''}`,
      p50: `${w.p50} ms`,
      p99: `${w.p99} ms`,
      goal: '>= 90% of the rate, no 5xx',
      ok: w.achievedPerSecond >= 0.9 * w.targetPerSecond && fiveXx === 0 && w.errors === 0,
    });
    log(`${kind} mixed writes ${w.name}: ${w.achievedPerSecond.toFixed(1)}/s, ${JSON.stringify(w.status)}, ${w.errors} errors, ${w.skipped} skipped`);
  }
  return { reads: Object.fromEntries(reads), cold: Object.fromEntries(cold), writes: reports, caughtUpMs };
}
