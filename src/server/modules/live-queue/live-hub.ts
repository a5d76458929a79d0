import type { FastifyBaseLogger } from 'fastify';
import type { CacheOnBus, CacheStats } from '../../cache/cache-bus';
import type { SseStream } from './sse';

// The live streams of one app, told of every change like a read cache (docs/decisions/074-live-queue.md, amended by
// 079-live-queues-at-scale.md): it sits on the database's cache bus (cache-bus.ts), so a key announced at a commit
// here, or by another instance (LISTEN, or the cache_changes poll behind a pooler), reaches the shared reads it
// concerns. The streams of one source (a doctor's day, a clinic's board) share its reads: one read in flight per
// source, and each stream cuts its own view (its place in line) from the result and sends it if it changed.
// `clear()` (the bus lost what happened meanwhile) reads every source again.

/** A heartbeat comment (a fresh view, the ETA moves with the time, and a session check) this often. */
export const HEARTBEAT_MS = 15_000;
const TICK_MS = 1000;
const BEATS = HEARTBEAT_MS / TICK_MS;

/** What several streams read together: one read in flight, its result kept while a stream follows it. */
export interface LiveSource<D> {
  /** Streams with the same key share the reads (e.g. `day:clinic:doctor:date`). */
  key: string;
  read: () => Promise<D>;
  /** A changed key this source reads again for (its last result, when it has one). */
  concerns: (key: string, data: D | undefined) => boolean;
  /** Read again at a heartbeat, without a change (e.g. the board's date has passed). */
  expired?: (data: D) => boolean;
}

interface Follower {
  /** The second of the heartbeat period it beats in: the beats of many streams spread over the period. */
  slot: number;
  source?: Shared;
  /** Deliveries of reads started before this number are not this follower's (it asked for a fresh one). */
  waitFor: number;
  deliver(data: unknown): void;
  resolve(): void;
  beat(): void;
  end(): void;
}

/** Runs `fn`; calls made while it runs coalesce into one more run after it, for as long as `more()` holds. */
class Rerun {
  running = false;
  private again = false;
  constructor(
    private readonly fn: () => Promise<void>,
    private readonly more: () => boolean,
  ) {}

  async run(): Promise<void> {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = true;
    try {
      do {
        this.again = false;
        await this.fn();
      } while (this.again && this.more());
    } finally {
      this.running = false;
    }
  }
}

class Shared {
  data: unknown;
  has = false;
  /** Reads started so far; the result of read n goes to followers waiting for n or less. */
  started = 0;
  readonly followers = new Set<Follower>();
  // A change during a read reads again, while someone follows.
  private readonly reads = new Rerun(
    () => this.readOnce(),
    () => this.followers.size > 0,
  );
  constructor(
    readonly source: LiveSource<unknown>,
    private readonly o: { log: FastifyBaseLogger; onRead: () => void },
  ) {}

  get running(): boolean {
    return this.reads.running;
  }

  /** Reads once more, after the one in flight if any. */
  refresh(): void {
    void this.reads.run();
  }

  /** The number of the next read that will start. */
  nextRead(): number {
    return this.running ? this.started + 1 : this.started;
  }

  private async readOnce(): Promise<void> {
    const n = ++this.started;
    this.o.onRead();
    try {
      this.data = await this.source.read();
      this.has = true;
    } catch (err) {
      // The database away: the streams stay; the next change or the bus's clear reads again.
      this.o.log.warn({ err, source: this.source.key }, 'live stream read failed');
      return;
    }
    for (const f of [...this.followers]) if (f.waitFor <= n) f.deliver(this.data);
  }
}

export class LiveHub implements CacheOnBus {
  private readonly followers = new Set<Follower>();
  private readonly sources = new Map<string, Shared>();
  private timer?: NodeJS.Timeout;
  private ticks = 0;
  private reads = 0;
  private views = 0;
  private slots = 0;

  constructor(private readonly o: { draining: () => boolean; log: FastifyBaseLogger }) {}

  /**
   * Follows `source` on `stream`: sends `view` of its data as `event` now and after each change it concerns, a
   * heartbeat every HEARTBEAT_MS, and ends the stream once `allowed` says the session may no longer see it.
   * `view` answers undefined when the stream's object has left the source (a visit moved to another day): `source`
   * is then asked again (this stream alone), and after that fresh read `gone` is sent if it still is not there.
   */
  async follow<D, T>(o: {
    stream: SseStream;
    event: string;
    source: () => Promise<LiveSource<D>>;
    /** The source this stream starts on, when the guard has just worked it out (no second query). */
    initial?: LiveSource<D>;
    view: (data: D) => T | undefined;
    gone?: () => T;
    allowed: () => Promise<boolean>;
  }): Promise<void> {
    /** Set once `source` was asked again because the view was missing: the next miss sends `gone`. */
    let afterResolve = false;
    const send = (data: unknown, atBeat: boolean) => {
      if (o.stream.closed) return;
      const v = o.view(data as D);
      if (v === undefined) {
        if (atBeat) return;
        if (afterResolve && o.gone) {
          afterResolve = false;
          o.stream.send(o.event, o.gone());
        } else follower.resolve();
        return;
      }
      afterResolve = false;
      this.views++;
      o.stream.send(o.event, v);
    };
    const attach = (source: LiveSource<D>, fresh: boolean) => {
      if (o.stream.closed) return;
      let shared = this.sources.get(source.key);
      if (!shared) {
        shared = new Shared(source as LiveSource<unknown>, { log: this.o.log, onRead: () => this.reads++ });
        this.sources.set(source.key, shared);
        fresh = true;
      }
      if (follower.source !== shared) {
        this.detach(follower);
        follower.source = shared;
        shared.followers.add(follower);
      }
      if (fresh || !shared.has) {
        follower.waitFor = shared.nextRead();
        shared.refresh();
      } else {
        follower.waitFor = 0;
        // Joining a source already followed: its last result is as fresh as the bus (a change under way is read
        // again and delivered).
        if (!shared.running) send(shared.data, false);
      }
    };
    // Asked again while asking: one more ask after it, unless the stream closed meanwhile.
    const resolving = new Rerun(
      async () => {
        try {
          const source = await o.source();
          afterResolve = true;
          attach(source, true);
        } catch (err) {
          this.o.log.warn({ err, event: o.event }, 'live stream read failed');
        }
      },
      () => !o.stream.closed,
    );
    const resolve = () => resolving.run();
    const follower: Follower = {
      slot: this.slots++ % BEATS,
      waitFor: 0,
      deliver: (data) => send(data, false),
      resolve: () => void resolve(),
      beat: () => {
        o.stream.comment('heartbeat');
        void o
          .allowed()
          .then((ok) => {
            if (!ok) return o.stream.end();
            // A fresh view of the data held (the ETA moves with the clock): no read.
            const shared = follower.source;
            if (shared?.has && !shared.running) send(shared.data, true);
          })
          .catch(() => {});
      },
      end: () => o.stream.end(),
    };
    this.followers.add(follower);
    o.stream.onClose(() => {
      this.followers.delete(follower);
      this.detach(follower);
    });
    this.start();
    if (o.initial) attach(o.initial, false);
    else await resolve();
  }

  invalidate(key: string): void {
    for (const s of this.sources.values()) if (s.source.concerns(key, s.has ? s.data : undefined)) s.refresh();
  }

  clear(): void {
    for (const s of this.sources.values()) s.refresh();
  }

  /** Hits: views sent from a shared read; misses: the reads; size: the open streams (the metrics' `live-streams`). */
  stats(): CacheStats {
    return { name: 'live-streams', hits: this.views, misses: this.reads, size: this.followers.size };
  }

  /** The sources followed now (one per doctor's day or board with a stream on this instance). */
  sourceCount(): number {
    return this.sources.size;
  }

  /** Ends every stream (the app closing, or draining: the browsers reconnect to an instance that stays). */
  endAll(): void {
    for (const f of [...this.followers]) f.end();
    this.followers.clear();
    this.sources.clear();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.endAll();
  }

  private detach(f: Follower): void {
    const shared = f.source;
    if (!shared) return;
    shared.followers.delete(f);
    f.source = undefined;
    // Nobody follows it: its result is dropped, a later stream reads afresh.
    if (shared.followers.size === 0 && this.sources.get(shared.source.key) === shared) this.sources.delete(shared.source.key);
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.o.draining()) return this.endAll();
      this.ticks++;
      const slot = this.ticks % BEATS;
      if (slot === 0) for (const s of this.sources.values()) if (s.has && s.source.expired?.(s.data)) s.refresh();
      // A fifteenth of the streams beat each second. The session checks go through the session cache; the misses of
      // one turn are read with one query.
      for (const f of this.followers) if (f.slot === slot) f.beat();
    }, TICK_MS);
    this.timer.unref();
  }
}
