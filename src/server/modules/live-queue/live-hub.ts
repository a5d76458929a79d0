import type { FastifyBaseLogger } from 'fastify';
import type { CacheOnBus, CacheStats } from '../../cache/cache-bus';
import type { SseStream } from './sse';

// The live streams of one app, told of every change like a read cache (docs/decisions/074-live-queue.md): it sits on
// the database's cache bus (cache-bus.ts), so a key announced at a commit here, or by another instance (LISTEN, or
// the cache_changes poll behind a pooler), reaches each stream it concerns, which reads its state again and sends
// it if it changed. `clear()` (the bus lost what happened meanwhile) refreshes them all.

/** A heartbeat comment (and a fresh read: the ETA moves with the time) this often. */
export const HEARTBEAT_MS = 15_000;
const TICK_MS = 1000;

interface Follower {
  concerns(key: string): boolean;
  refresh(): void;
  beat(): void;
  end(): void;
}

export class LiveHub implements CacheOnBus {
  private readonly followers = new Set<Follower>();
  private timer?: NodeJS.Timeout;
  private ticks = 0;

  constructor(private readonly o: { draining: () => boolean; log: FastifyBaseLogger }) {}

  /**
   * Follows `read` on `stream`: sends its state as `event` now and after each change it concerns (at most one read
   * at a time; a change during a read reads once more), a heartbeat every HEARTBEAT_MS, and ends the stream once
   * `allowed` says the session may no longer see it.
   */
  async follow<T>(o: {
    stream: SseStream;
    event: string;
    read: () => Promise<{ data: T; concerns: (key: string) => boolean }>;
    allowed: () => Promise<boolean>;
  }): Promise<void> {
    let concerns: (key: string) => boolean = () => true;
    let running = false;
    let again = false;
    const refresh = async () => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        do {
          again = false;
          const r = await o.read();
          concerns = r.concerns;
          if (!o.stream.closed) o.stream.send(o.event, r.data);
        } while (again && !o.stream.closed);
      } catch (err) {
        // The database away: the stream stays; the next change or heartbeat reads again.
        this.o.log.warn({ err, event: o.event }, 'live stream read failed');
      } finally {
        running = false;
      }
    };
    const follower: Follower = {
      concerns: (key) => concerns(key),
      refresh: () => void refresh(),
      beat: () => {
        o.stream.comment('heartbeat');
        void o
          .allowed()
          .then((ok) => (ok ? refresh() : o.stream.end()))
          .catch(() => {});
      },
      end: () => o.stream.end(),
    };
    // Followed before the first read: a change committed during it is read again.
    this.followers.add(follower);
    o.stream.onClose(() => this.followers.delete(follower));
    this.start();
    await refresh();
  }

  invalidate(key: string): void {
    for (const f of this.followers) if (f.concerns(key)) f.refresh();
  }

  clear(): void {
    for (const f of this.followers) f.refresh();
  }

  stats(): CacheStats {
    return { name: 'live-streams', hits: 0, misses: 0, size: this.followers.size };
  }

  /** Ends every stream (the app closing, or draining: the browsers reconnect to an instance that stays). */
  endAll(): void {
    for (const f of [...this.followers]) f.end();
    this.followers.clear();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    this.endAll();
  }

  private start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      if (this.o.draining()) return this.endAll();
      this.ticks++;
      if (this.ticks % (HEARTBEAT_MS / TICK_MS) === 0) for (const f of this.followers) f.beat();
    }, TICK_MS);
    this.timer.unref();
  }
}
