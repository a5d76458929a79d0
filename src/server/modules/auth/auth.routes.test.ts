import { DrizzleQueryError } from 'drizzle-orm/errors';
import { describe, expect, it } from 'vitest';
import { redactQueryParams } from './auth.routes';

describe('accounts: no secret in a logged query error', () => {
  it('drops the parameters of a failed query from its message, stack and fields', () => {
    const cause = Object.assign(new Error('connection terminated'), { code: '57P01' });
    const err = new DrizzleQueryError('insert into "pending_medical_reps" values ($1, $2)', ['$argon2id$v=19$secret', 'abc123hash'], cause);
    redactQueryParams(err);
    const logged = JSON.stringify({ message: err.message, stack: err.stack, params: err.params });
    expect(logged).not.toContain('argon2id');
    expect(logged).not.toContain('abc123hash');
    expect(err.message).toContain('insert into "pending_medical_reps"');
    expect(err.cause).toBe(cause);
  });
});
