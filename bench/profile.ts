import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import { join } from 'node:path';
import type { Child } from './processes';

// `npm run bench -- --profile`: a CPU profile of the app for each read, taken in a pass of its own after the read was
// measured (the profiler slows what it watches, so no measured figure comes from a profiled run). The app is started
// with its inspector on a free port (processes.ts, BENCH_PROFILE=1); the profile is taken over the DevTools protocol
// and summed by where the time went: a package, a file of the app's source (through the bundle's source map), Node's
// own code, the collector.

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface CpuProfile {
  nodes: Array<{ id: number; callFrame: CallFrame }>;
  samples: number[];
  timeDeltas: number[];
}

/** A DevTools-protocol session with the app's inspector (its address is on the app's standard error). */
class Inspector {
  private nextId = 1;
  private readonly waiting = new Map<number, (result: unknown) => void>();
  private constructor(private readonly ws: WebSocket) {
    ws.addEventListener('message', (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
      if (msg.id !== undefined) this.waiting.get(msg.id)?.(msg.result);
    });
  }

  static async open(app: Child): Promise<Inspector> {
    const url = /ws:\/\/\S+/.exec(app.stderr())?.[0];
    if (!url) throw new Error('the app was not started with its inspector (BENCH_PROFILE=1)');
    const ws = new WebSocket(url);
    await new Promise<void>((resolve, reject) => {
      ws.addEventListener('open', () => resolve());
      ws.addEventListener('error', () => reject(new Error(`cannot reach the app's inspector at ${url}`)));
    });
    return new Inspector(ws);
  }

  send<T>(method: string, params: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.waiting.set(id, (r) => resolve(r as T));
      this.ws.send(JSON.stringify({ id, method, params }));
    });
  }

  close(): void {
    this.ws.close();
  }
}

export interface ProfileSummary {
  /** Sampled time in the run, ms, and the share not idle. */
  sampledMs: number;
  busyShare: number;
  /** Where the busy time went, largest first: bucket and its share of the busy time. */
  buckets: Array<{ where: string; share: number }>;
  /** The functions with the most time of their own, largest first. */
  functions: Array<{ fn: string; share: number }>;
}

/** Runs `work` with the app's profiler on and answers where the app's time went meanwhile. */
export async function profiled(app: Child, work: () => Promise<unknown>): Promise<ProfileSummary> {
  const inspector = await Inspector.open(app);
  try {
    await inspector.send('Profiler.enable');
    await inspector.send('Profiler.setSamplingInterval', { interval: 200 });
    await inspector.send('Profiler.start');
    await work();
    const { profile } = await inspector.send<{ profile: CpuProfile }>('Profiler.stop');
    return summarize(profile);
  } finally {
    inspector.close();
  }
}

let bundleMap: SourceMap | null | undefined;
/** The server bundle's source map (dist/server/main.js.map), read once. */
function sourceMap(): SourceMap | null {
  if (bundleMap === undefined) {
    try {
      bundleMap = new SourceMap(JSON.parse(readFileSync(join('dist', 'server', 'main.js.map'), 'utf8')) as ConstructorParameters<typeof SourceMap>[0]);
    } catch {
      bundleMap = null;
    }
  }
  return bundleMap;
}

/** A package's name from a path holding node_modules, else null. */
function packageOf(path: string): string | null {
  const at = path.lastIndexOf('node_modules/');
  if (at < 0) return null;
  const parts = path.slice(at + 'node_modules/'.length).split('/');
  return parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

/** Where a frame's own time counts: (idle), (gc), a package, node:<its module>, or the app's source file. */
function bucketOf(frame: CallFrame): string {
  const { url, functionName } = frame;
  if (url === '') {
    if (functionName === '(idle)') return '(idle)';
    if (functionName === '(garbage collector)') return '(garbage collector)';
    return functionName || '(native)';
  }
  if (url.startsWith('node:')) return url.startsWith('node:internal/') ? `node:${url.slice(14).split('/')[0]}` : url;
  const pkg = packageOf(url);
  if (pkg) return pkg;
  if (url.endsWith('/dist/server/main.js')) {
    const entry = sourceMap()?.findEntry(frame.lineNumber, frame.columnNumber);
    const source = entry && 'originalSource' in entry ? entry.originalSource : undefined;
    // drizzle-orm's own source maps name its files node_modules/src/...: the one bundled package that does.
    if (source) return (packageOf(source) ?? source.replace(/^.*?\/src\//, 'src/')).replace(/^src$/, 'drizzle-orm');
  }
  return url.replace(/^file:\/\/.*?\/(dist|src)\//, '$1/');
}

function summarize(profile: CpuProfile): ProfileSummary {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const selfUs = new Map<number, number>();
  profile.samples.forEach((id, i) => selfUs.set(id, (selfUs.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)));
  const buckets = new Map<string, number>();
  const functions = new Map<string, number>();
  let total = 0;
  let idle = 0;
  for (const [id, us] of selfUs) {
    const frame = byNode.get(id)!;
    const where = bucketOf(frame);
    total += us;
    if (where === '(idle)') {
      idle += us;
      continue;
    }
    buckets.set(where, (buckets.get(where) ?? 0) + us);
    const fn = `${frame.functionName || '(anonymous)'} ${where}`;
    functions.set(fn, (functions.get(fn) ?? 0) + us);
  }
  const busy = total - idle;
  const top = <K extends string>(m: Map<string, number>, key: K, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, us]) => ({ [key]: k, share: busy > 0 ? us / busy : 0 }) as Record<K, string> & { share: number });
  return {
    sampledMs: Math.round(total / 1000),
    busyShare: total > 0 ? busy / total : 0,
    buckets: top(buckets, 'where', 15),
    functions: top(functions, 'fn', 15),
  };
}
