/** The exit code by which the server asks the supervisor to start it again (EX_TEMPFAIL). */
export const RESTART_EXIT_CODE = 75;

/**
 * The exit code of a server whose configuration is invalid (EX_CONFIG): the supervisor stops too, since the child it
 * would start again has the same environment (docs/decisions/029-request-edge-hardening.md).
 */
export const CONFIG_ERROR_EXIT_CODE = 78;

/** A server that exits sooner than this after starting counts as failing to start. */
export const QUICK_EXIT_MS = 5_000;

/**
 * How long the supervisor waits before starting the server again: at once after a planned restart or a crash of a
 * server that ran a while; while it keeps exiting soon after starting (a database not reachable yet, a bad
 * setting), 250 ms doubling up to 30 s. It never gives up (but on an invalid configuration, CONFIG_ERROR_EXIT_CODE): the
 * service comes back by itself once the cause is gone.
 */
export function restartDelayMs(quickExitsInARow: number): number {
  return quickExitsInARow === 0 ? 0 : Math.min(30_000, 250 * 2 ** (quickExitsInARow - 1));
}

/**
 * The server's old-generation heap limit in MB (SERVER_HEAP_MB, default 512; docs/decisions/080): the collector
 * works to keep the heap under it, so an instance's resident memory has a stated bound (the read caches' 192 MB,
 * the app's own ~90 MB and the collector's headroom) instead of growing while garbage waits for a lazy collection.
 */
export const DEFAULT_SERVER_HEAP_MB = 512;

/** node's option for SERVER_HEAP_MB; none for a value that is not a whole number (the server's configuration refuses it). */
export function heapOption(value: string | undefined): string[] {
  const mb = value === undefined || value === '' ? DEFAULT_SERVER_HEAP_MB : /^\d+$/.test(value) ? Number(value) : null;
  return mb === null ? [] : [`--max-old-space-size=${mb}`];
}
