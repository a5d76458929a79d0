import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify';
import { z } from 'zod';

/**
 * Answers are written with the route's declared zod schema (decision 017), compiled once per route: the schema
 * becomes JSON Schema (zod's own `toJSONSchema`, the output side) and fast-json-stringify turns that into a
 * writer. Keys the schema does not name are left out, as zod would strip them; a missing required key is an
 * error. Validating every answer with zod at run time (fastify-type-provider-zod's serializer) cost the calendar
 * more than half its throughput; the types already hold the handlers to the schemas at compile time.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<z.ZodType> = ({ schema }) => {
  const jsonSchema = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(jsonSchema as Parameters<typeof fastJson>[0]);
};
