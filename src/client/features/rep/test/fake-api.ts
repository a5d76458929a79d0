import { vi } from 'vitest';

/** What a handler answers: a status (200 by default) and a JSON body. */
export type FakeAnswer = { status?: number; body: unknown };
type Handler = (request: { url: URL; body: unknown }) => FakeAnswer | Promise<FakeAnswer>;

/**
 * Stands in for the API in component tests: `handlers` keyed 'METHOD /path' (no query string) answer with JSON; any
 * other call fails the test. Returns the calls made, with their query and body, for the test to check.
 */
export function fakeApi(handlers: Record<string, Handler>) {
  const calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: string, init: RequestInit = {}) => {
      const url = new URL(input, 'http://localhost');
      const method = init.method ?? 'GET';
      const body: unknown = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
      calls.push({ method, path: url.pathname, query: url.searchParams, body });
      const handler = handlers[`${method} ${url.pathname}`];
      if (!handler) throw new Error(`No fake answer for ${method} ${url.pathname}`);
      const answer = await handler({ url, body });
      return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'Content-Type': 'application/json' } });
    }),
  );
  return calls;
}
