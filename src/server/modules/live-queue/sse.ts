import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

// A server-sent-event stream written by hand on the raw response (docs/decisions/074-live-queue.md: no package for
// ~50 lines). Each event carries an `id:` (a digest of its data), so the browser's EventSource sends it back as
// Last-Event-ID when it reconnects, and the server sends nothing it already has. `retry:` tells it to come back 2 s
// after a cut.

/** How long the browser waits before it reconnects after a cut. */
const RETRY_MS = 2000;

/** The id of an event: a digest of its data, the same on every instance and after a restart. */
export const eventIdOf = (data: string) => createHash('sha256').update(data).digest('base64url').slice(0, 16);

export class SseStream {
  private ended = false;
  private readonly closers: Array<() => void> = [];
  /** The id of the last event this client has: sent here, or named by Last-Event-ID on a reconnect. */
  lastId: string | null;

  constructor(
    request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    const last = request.headers['last-event-id'];
    this.lastId = typeof last === 'string' && last.length <= 64 ? last : null;
    reply.raw.once('close', () => this.finish());
  }

  /** Answers 200 with the stream's headers (and those the app's hooks set, such as the security headers). */
  open(): void {
    this.reply.hijack();
    this.reply.raw.writeHead(200, {
      ...(this.reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      // nginx and similar proxies would otherwise hold events back in a buffer.
      'x-accel-buffering': 'no',
    });
    this.write(`retry: ${RETRY_MS}\n\n`);
  }

  get closed(): boolean {
    return this.ended;
  }

  /** Sends `data` as event `event` unless the client has it already (the same id); true when sent. */
  send(event: string, data: unknown): boolean {
    const json = JSON.stringify(data);
    const id = eventIdOf(json);
    if (id === this.lastId) return false;
    this.lastId = id;
    this.write(`id: ${id}\nevent: ${event}\ndata: ${json}\n\n`);
    return true;
  }

  /** A comment line: keeps the connection alive through proxies that cut idle ones (HAProxy's timeout client). */
  comment(text: string): void {
    this.write(`: ${text}\n\n`);
  }

  onClose(fn: () => void): void {
    if (this.ended) fn();
    else this.closers.push(fn);
  }

  /** Ends the stream cleanly (the app closing or draining); the browser reconnects, elsewhere if need be. */
  end(): void {
    if (!this.ended) this.reply.raw.end();
    this.finish();
  }

  private write(chunk: string): void {
    if (!this.ended) this.reply.raw.write(chunk);
  }

  private finish(): void {
    if (this.ended) return;
    this.ended = true;
    for (const fn of this.closers.splice(0)) fn();
  }
}
