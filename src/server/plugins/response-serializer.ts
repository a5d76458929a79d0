import fastJson from 'fast-json-stringify';
import type { FastifyReply, FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Answers are written with the route's declared zod schema (decision 017), compiled once per route: the schema
 * becomes JSON Schema (zod's own `toJSONSchema`, the output side) and fast-json-stringify turns that into a
 * writer. Keys the schema does not name are left out, as zod would strip them; a missing required key is an
 * error. Validating every answer with zod at run time (fastify-type-provider-zod's serializer) cost the calendar
 * more than half its throughput; the types already hold the handlers to the schemas at compile time.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => compileAnswerWriter(schema);

/** The writer of one answer schema, as the routes' serializer compiles it. */
export function compileAnswerWriter<T>(schema: z.ZodType<T>): (answer: T) => string {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
}

/**
 * An answer built from a value a read cache shares between requests, written once per (value, variant) with
 * the route's own schema writer and kept as long as the value is (a WeakMap: an entry evicted or invalidated
 * takes its text with it). The route sends the text as JSON; nothing is spliced by hand (decision 017). For the
 * busiest reads, writing the same cached answer thousands of times a second was most of their cost.
 */
export function memoizedAnswers<V extends object, Variant extends string | number | boolean, T>(
  schema: z.ZodType<T>,
  build: (value: V, variant: Variant) => T,
): (value: V, variant: Variant) => string {
  const write = compileAnswerWriter(schema);
  const written = new WeakMap<V, Map<Variant, string>>();
  return (value, variant) => {
    let texts = written.get(value);
    if (!texts) written.set(value, (texts = new Map<Variant, string>()));
    let text = texts.get(variant);
    if (text === undefined) texts.set(variant, (text = write(build(value, variant))));
    return text;
  };
}

/** Sends an answer `memoizedAnswers` wrote: JSON text, which Fastify passes on without writing it again. */
export function sendWritten(reply: FastifyReply, text: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(text);
}
