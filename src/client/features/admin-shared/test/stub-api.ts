import { vi } from 'vitest';

// The admin screens' tests answer fetch by method and path, as the server would, and keep what was asked.

export interface Call {
  method: string;
  path: string;
  body: unknown;
}

export const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

/** Stubs fetch: `answer(call)` gives the Response (a 404 JSON when it gives nothing). Returns the calls so far. */
export function stubApi(answer: (call: Call) => Response | undefined): Call[] {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (path: string, init?: RequestInit) => {
      const call = { method: init?.method ?? 'GET', path, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined };
      calls.push(call);
      return answer(call) ?? json({ message: 'Not found' }, 404);
    }),
  );
  return calls;
}
