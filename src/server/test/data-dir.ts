import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// A server started as a process opens a data directory: the API suites' process tests (harness.ts) and every journey's
// server (e2e/server.ts) start on a copy of one migrated for the run (docs/decisions/084-test-workers-reused.md).

/** A new directory holding a copy of the data directory `base`; an empty one without a base (the server then migrates it). */
export function copiedDataDir(base: string | undefined, prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  if (base) cpSync(base, dir, { recursive: true });
  return dir;
}
