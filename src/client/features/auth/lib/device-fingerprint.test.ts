// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';

// The module keeps one fingerprint per page load, so each case loads it afresh.
async function freshFingerprint() {
  vi.resetModules();
  return (await import('./device-fingerprint')).getDeviceFingerprint();
}

describe('getDeviceFingerprint', () => {
  afterEach(() => vi.restoreAllMocks());

  it('is a SHA-256 digest computed in the browser, the same on every call', async () => {
    const fetchSpy = vi.spyOn(globalThis, 'fetch');
    const first = await freshFingerprint();
    expect(first).toMatch(/^[0-9a-f]{64}$/);
    expect(await freshFingerprint()).toBe(first);
    // Nothing leaves the browser to compute it (no third-party service).
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it("falls back to a random id starting with 'fp_' when hashing fails", async () => {
    vi.spyOn(crypto.subtle, 'digest').mockRejectedValue(new Error('not supported'));
    const a = await freshFingerprint();
    const b = await freshFingerprint();
    expect(a).toMatch(/^fp_[0-9a-f]{32}$/);
    expect(b).not.toBe(a);
  });
});
