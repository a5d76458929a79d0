import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializerCompiler } from './response-serializer';

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
