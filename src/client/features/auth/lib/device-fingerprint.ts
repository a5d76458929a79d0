// spec part 1, 3: a device fingerprint is collected at registration and login; if collection fails, a random
// fallback id starting with 'fp_' is used. It is computed here from coarse browser traits, hashed locally with
// crypto.subtle, and sent only to our own server: no third-party fingerprinting or monitoring service.

function browserTraits(): string {
  const nav = window.navigator;
  const scr = window.screen;
  return [
    nav.userAgent,
    nav.language,
    (nav.languages ?? []).join(','),
    nav.hardwareConcurrency ?? '',
    Intl.DateTimeFormat().resolvedOptions().timeZone,
    scr ? `${scr.width}x${scr.height}x${scr.colorDepth}` : '',
  ].join('|');
}

function randomFallbackId(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return `fp_${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}

let cached: Promise<string> | null = null;

/** A SHA-256 hex digest of coarse browser traits; 'fp_' plus random hex when hashing is unavailable. */
export function getDeviceFingerprint(): Promise<string> {
  cached ??= (async () => {
    try {
      if (!crypto?.subtle) return randomFallbackId();
      const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(browserTraits()));
      return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
    } catch {
      return randomFallbackId();
    }
  })();
  return cached;
}
