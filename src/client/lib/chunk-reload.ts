// After a deploy the old page asks for chunk files that no longer exist; one reload fetches the new build.
// sessionStorage remembers that this tab has just reloaded for that reason, so a chunk that still fails after
// the reload shows the error screen instead of reloading for ever (decision 019).
const RELOADED_KEY = 'repvisit:chunk-reload';

// Chromium, Firefox, Safari and webpack word a failed dynamic import differently.
const CHUNK_ERROR =
  /Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed|Unable to preload CSS|Loading (CSS )?chunk .* failed/i;

/** True when `error` is a lazily loaded module (a page chunk) that could not be fetched. */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || CHUNK_ERROR.test(error.message);
}

/** The browser's reload, behind an object so component tests can watch it (jsdom cannot navigate). */
export const pageReload = { reload: (): void => window.location.reload() };

function readFlag(): boolean {
  try {
    return sessionStorage.getItem(RELOADED_KEY) !== null;
  } catch {
    return true; // storage unavailable: never reload by ourselves, since nothing would stop a loop
  }
}

/**
 * Reloads the page once for a failed chunk; returns false (and forgets the earlier reload) when this tab has just
 * done so, so the caller shows its error screen. A later deploy in the same tab can then reload once again.
 */
export function reloadOnceForNewVersion(): boolean {
  if (readFlag()) {
    try {
      sessionStorage.removeItem(RELOADED_KEY);
    } catch {
      /* nothing to forget */
    }
    return false;
  }
  sessionStorage.setItem(RELOADED_KEY, String(Date.now()));
  pageReload.reload();
  return true;
}
