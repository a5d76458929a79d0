import { isErrorCode, type ErrorCode } from '../../shared/errors';
import { currentLocale, i18n } from './i18n';

/** An answer that was not 2xx, with the server's `{ message, code }` (ARCHITECTURE rule 4; codes: src/shared/errors.ts). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: ErrorCode,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The network failed before any answer came (offline, DNS, refused). */
export class NetworkError extends Error {
  constructor() {
    super(i18n._('An unexpected error occurred. Please try again later.'));
    this.name = 'NetworkError';
  }
}

export interface ApiOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Calls the API with the session cookie and parses JSON; throws ApiError with the server's message. */
export async function apiFetch<T>(path: string, opts: ApiOptions = {}): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method: opts.method ?? (opts.body === undefined ? 'GET' : 'POST'),
      credentials: 'same-origin',
      headers: {
        Accept: 'application/json',
        // The language on screen, so a signed-out answer (and the first e-mails) come in it (decision 045).
        'Accept-Language': currentLocale(),
        ...(opts.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        ...opts.headers,
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      signal: opts.signal,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError') throw err;
    throw new NetworkError();
  }
  const text = await res.text();
  let data: unknown = undefined;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const body = (data ?? {}) as { message?: unknown; error?: unknown; code?: unknown };
    const message = typeof body.message === 'string' ? body.message : typeof body.error === 'string' ? body.error : `${res.status}: ${res.statusText}`;
    throw new ApiError(res.status, message, isErrorCode(body.code) ? body.code : undefined, data);
  }
  return data as T;
}

/** The message to show for a failed call: the server's message, or `fallback`. */
export function errorMessage(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.message) return err.message;
  if (err instanceof NetworkError) return err.message;
  return fallback;
}
