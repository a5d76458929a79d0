import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { memoizedAnswers, responseSerializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType) => responseSerializerCompiler({ schema, method: 'GET', url: '/api/x', httpStatus: '200' });

describe('answers written with the declared schema', () => {
  const schema = z.object({ name: z.string(), count: z.number().int(), note: z.string().nullable(), tags: z.array(z.object({ id: z.number() })) });

  it('writes what the schema names and leaves out everything else (a column added to a query never leaks)', () => {
    const write = compile(schema);
    const body = write({ name: 'Dr. A', count: 2, note: null, tags: [{ id: 1, secret: 'x' }], passwordHash: 'argon2id$...' });
    expect(JSON.parse(body)).toEqual({ name: 'Dr. A', count: 2, note: null, tags: [{ id: 1 }] });
  });

  it('refuses an answer that lacks a required key instead of sending half of it', () => {
    const write = compile(schema);
    expect(() => write({ name: 'Dr. A', note: null, tags: [] })).toThrow(/count/);
  });

  it('keeps enums, optional keys and unions as declared', () => {
    const write = compile(z.object({ status: z.enum(['booked', 'cancelled']), code: z.string().optional(), value: z.union([z.string(), z.number()]) }));
    expect(JSON.parse(write({ status: 'booked', value: 3 }))).toEqual({ status: 'booked', value: 3 });
    expect(JSON.parse(write({ status: 'cancelled', code: 'closed', value: 'x' }))).toEqual({ status: 'cancelled', code: 'closed', value: 'x' });
  });
});

describe('answers of cached values, written once', () => {
  const schema = z.object({ flag: z.boolean(), days: z.array(z.object({ date: z.string() })) });
  type Value = { days: Array<{ date: string; internal?: string }> };

  it('writes each (value, variant) once with the schema, and a new value afresh', () => {
    let builds = 0;
    const answer = memoizedAnswers(schema, (value: Value, flag: boolean) => (builds++, { flag, ...value }));
    const cached: Value = { days: [{ date: '2026-11-23', internal: 'not sent' }] };
    const first = answer(cached, true);
    expect(JSON.parse(first)).toEqual({ flag: true, days: [{ date: '2026-11-23' }] });
    expect(answer(cached, true)).toBe(first);
    expect(JSON.parse(answer(cached, false))).toEqual({ flag: false, days: [{ date: '2026-11-23' }] });
    expect(builds).toBe(2);
    // A value loaded again after an invalidation is another object: its answer is written from it.
    expect(JSON.parse(answer({ days: [{ date: '2026-11-24' }] }, true)).days).toEqual([{ date: '2026-11-24' }]);
    expect(builds).toBe(3);
  });
});
