import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { eventTypeText, SECURITY_EVENT_NAMES } from './audit-format';

/** Every `eventType` the server's code records (recordSecurityEvent's argument, the admin actions' helper). */
function recordedEventTypes(): Set<string> {
  const types = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')) {
        const code = readFileSync(path, 'utf8');
        for (const m of code.matchAll(/eventType: '(\w+)'|adminEvent\([\w.]+, '(\w+)'/g)) types.add((m[1] ?? m[2])!);
      }
    }
  };
  walk(join(import.meta.dirname, '../../../../server'));
  return types;
}

// The Security tab names each event for a person, in the language on screen (decision 045).
describe('security event names', () => {
  it('names every event type the server records', () => {
    const recorded = recordedEventTypes();
    expect(recorded.size).toBeGreaterThan(20);
    expect([...recorded].filter((type) => !(type in SECURITY_EVENT_NAMES))).toEqual([]);
  });

  it('shows a type it does not know from its own words', () => {
    expect(eventTypeText('login_failed')).toBe('Sign-in failed');
    expect(eventTypeText('rate_limit_exceeded')).toBe('Rate limit exceeded');
  });
});
