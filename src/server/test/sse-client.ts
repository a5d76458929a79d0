import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';

// Reading a server-sent-event stream over real HTTP in tests (the live queue, docs/decisions/074-live-queue.md): an
// app listening on a free port, and its stream's events parsed as they come.

/** An SSE stream read over real HTTP: its events in order, awaited one at a time. */
export async function openStream(base: string, path: string, cookie: string, lastEventId?: string) {
  const ac = new AbortController();
  const res = await fetch(base + path, {
    headers: { cookie, accept: 'text/event-stream', ...(lastEventId ? { 'last-event-id': lastEventId } : {}) },
    signal: ac.signal,
  });
  const events: Array<{ id?: string; event?: string; data: unknown }> = [];
  const comments: string[] = [];
  let waiters: Array<() => void> = [];
  let ended = false;
  const pump = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buf = '';
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        buf += value;
        let cut: number;
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const block = buf.slice(0, cut);
          buf = buf.slice(cut + 2);
          const e: { id?: string; event?: string; data: unknown } = { data: undefined };
          let isEvent = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line.slice(1).trim());
            else if (line.startsWith('id: ')) e.id = line.slice(4);
            else if (line.startsWith('event: ')) e.event = line.slice(7);
            else if (line.startsWith('data: ')) {
              e.data = JSON.parse(line.slice(6));
              isEvent = true;
            }
          }
          if (isEvent) events.push(e);
          for (const w of waiters.splice(0)) w();
        }
      }
    } catch {
      // aborted
    }
    ended = true;
    for (const w of waiters.splice(0)) w();
  })();
  let taken = 0;
  return {
    res,
    comments,
    get ended() {
      return ended;
    },
    /** The next event, within `ms`. */
    async next(ms = 2000): Promise<{ id?: string; event?: string; data: unknown }> {
      const until = Date.now() + ms;
      while (events.length <= taken) {
        if (ended) throw new Error('stream ended');
        const left = until - Date.now();
        if (left <= 0) throw new Error(`no event within ${ms} ms`);
        await new Promise<void>((resolve) => {
          const t = setTimeout(resolve, left);
          waiters.push(() => (clearTimeout(t), resolve()));
        });
      }
      return events[taken++]!;
    },
    /** Nothing more arrives within `ms`. */
    async quiet(ms: number) {
      await new Promise((r) => setTimeout(r, ms));
      return events.length === taken;
    },
    async waitEnd(ms = 3000) {
      const until = Date.now() + ms;
      while (!ended && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
      return ended;
    },
    close: async () => {
      ac.abort();
      waiters = [];
      await pump;
    },
  };
}

/** The app's address on a free port (listening once). */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}
