// The rep's login always opens the dashboard (spec part 2, 2.1). A page that asks a signed-out rep to log in first
// (the reception's QR link, /check-in, docs/decisions/041) is remembered here for this tab, and the dashboard goes
// back to it once. Only that page is taken back to, and only for a short while: a stored address never leads elsewhere.

const KEY = 'repvisit.returnAfterLogin';
const MAX_AGE_MS = 15 * 60_000;
const RETURNABLE = /^\/check-in(\?|$)/;

/** Remembers `path` (path and query) to come back to after the login; nothing when the browser refuses storage. */
export function rememberReturnAfterLogin(path: string, now = Date.now()): void {
  if (!RETURNABLE.test(path)) return;
  try {
    sessionStorage.setItem(KEY, JSON.stringify({ path, at: now }));
  } catch {
    // Private mode or storage full: the rep opens the page again from the QR code.
  }
}

/** The remembered page, once (it is forgotten as it is read); null when none, too old or not one to return to. */
export function takeReturnAfterLogin(now = Date.now()): string | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    sessionStorage.removeItem(KEY);
    if (!raw) return null;
    const saved = JSON.parse(raw) as { path?: unknown; at?: unknown };
    if (typeof saved.path !== 'string' || !RETURNABLE.test(saved.path)) return null;
    if (typeof saved.at !== 'number' || now - saved.at > MAX_AGE_MS || saved.at > now) return null;
    return saved.path;
  } catch {
    return null;
  }
}
