import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HEARTBEAT_MS, LiveHub, type LiveSource } from './live-hub';
import type { SseStream } from './sse';

// The live streams' hub (docs/decisions/074-live-queue.md, 079): a change it concerns reads again and sends only a
// changed object; a heartbeat every 15 s reads nothing; a session that ended, or the drain, ends the streams.

function fakeStream() {
  const sent: unknown[] = [];
  const comments: string[] = [];
  let closed = false;
  let last: string | null = null;
  const closers: Array<() => void> = [];
  const stream = {
    get closed() {
      return closed;
    },
    send: (_event: string, data: unknown) => {
      const json = JSON.stringify(data);
      if (json === last) return false;
      last = json;
      sent.push(data);
      return true;
    },
    comment: (t: string) => comments.push(t),
    onClose: (fn: () => void) => closers.push(fn),
    end: () => {
      closed = true;
      closers.forEach((f) => f());
    },
  };
  return { stream: stream as unknown as SseStream, sent, comments, isClosed: () => closed };
}

const log = { warn: () => {} } as unknown as FastifyBaseLogger;

describe('the live hub', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('reads again on a key it concerns, sends only a change, beats every 15 s without a read and ends when the session has ended', async () => {
    let draining = false;
    const hub = new LiveHub({ draining: () => draining, log });
    let value = 1;
    let reads = 0;
    let allowed = true;
    const s = fakeStream();
    const source: LiveSource<{ value: number }> = {
      key: 'day:1:2:2026-03-02',
      read: async () => (reads++, { value }),
      concerns: (k) => k === 'doctor-day:1:2:2026-03-02',
    };
    await hub.follow({ stream: s.stream, event: 'queue', initial: source, source: async () => source, view: (d) => d, allowed: async () => allowed });
    await vi.advanceTimersByTimeAsync(10);
    expect(s.sent).toEqual([{ value: 1 }]);
    hub.invalidate('doctor-day:1:3:2026-03-02'); // another doctor's day
    value = 2;
    await vi.advanceTimersByTimeAsync(10);
    expect(s.sent).toEqual([{ value: 1 }]);
    hub.invalidate('doctor-day:1:2:2026-03-02');
    await vi.advanceTimersByTimeAsync(10);
    expect(s.sent).toEqual([{ value: 1 }, { value: 2 }]);
    hub.clear(); // the bus lost track: everything reads again, nothing changed, nothing sent
    await vi.advanceTimersByTimeAsync(10);
    expect(s.sent).toHaveLength(2);
    expect(reads).toBe(3);
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(s.comments).toEqual(['heartbeat']);
    expect(reads).toBe(3); // a heartbeat reads nothing
    expect(hub.stats().size).toBe(1);
    allowed = false;
    await vi.advanceTimersByTimeAsync(HEARTBEAT_MS);
    expect(s.isClosed()).toBe(true);
    expect(hub.stats().size).toBe(0);
    expect(hub.sourceCount()).toBe(0);
    // The drain ends the streams within a second.
    const t = fakeStream();
    const any: LiveSource<number> = { key: 'any', read: async () => 1, concerns: () => true };
    await hub.follow({ stream: t.stream, event: 'queue', initial: any, source: async () => any, view: (d) => d, allowed: async () => true });
    draining = true;
    await vi.advanceTimersByTimeAsync(1000);
    expect(t.isClosed()).toBe(true);
    hub.stop();
  });
});
