import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { defaultClientDir, migrationsDir } from './paths';

describe('run-time paths', () => {
  it('finds the committed migrations and the place of the built client from the project root', () => {
    expect(existsSync(join(migrationsDir, 'meta', '_journal.json'))).toBe(true);
    expect(join(defaultClientDir, '..', '..')).toBe(join(migrationsDir, '..'));
    expect(existsSync(join(defaultClientDir, '..', '..', 'package.json'))).toBe(true);
  });
});
