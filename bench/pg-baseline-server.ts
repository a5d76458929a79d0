import { createServer } from 'node:http';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import type { BaselineRead } from './pg-baseline';

// `node --import tsx bench/pg-baseline-server.ts <reads.json>` (PORT, DATABASE_URL, POOL_MAX in the environment): the
// bare node-postgres baseline of decision 076. node:http and one pg Pool of the app's size; each cold read answers
// with the statements the app's own read sent (recorded by bench/pg-baseline.ts), its values in the query string
// (`/<read>/<cold|data>?v=<JSON>`, worked out by the load generator, not here), the rows JSON-encoded. `cold`: the
// session statement(s), then every data statement at once (one round trip whatever their count); `data`: the data
// statements alone, as when the session is cached. No cache, no validation, no framework.

const reads = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BaselineRead[];
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.POOL_MAX) });
pool.on('error', () => {});
// As drizzle reads them (drizzle-orm/node-postgres): dates and times stay the database's text.
const asText = new Set([1082, 1083, 1114, 1184, 1186, 1231, 1115, 1185, 1187, 1182]);
const types = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    asText.has(oid) ? (v: string) => v : (pg.types.getTypeParser(oid, format) as (v: string) => unknown),
};

type Statement = BaselineRead['session'][number];
const run = (s: Statement, values: unknown[]) =>
  pool.query({ ...(s.name ? { name: s.name } : {}), text: s.text, values, types, ...(s.rowMode ? { rowMode: s.rowMode } : {}) } as pg.QueryConfig);

const send = (res: import('node:http').ServerResponse, status: number, body: string) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
};

createServer((req, res) => {
  const url = req.url ?? '/';
  if (url === '/ready') return send(res, 200, '{}');
  const q = url.indexOf('?v=');
  const [, read, mode] = url.slice(0, q).split('/');
  const r = reads[Number(read)];
  if (!r || q < 0) return send(res, 404, '{}');
  const values = JSON.parse(decodeURIComponent(url.slice(q + 3))) as { session: unknown[][]; data: unknown[][] };
  void (async () => {
    if (mode === 'cold') {
      for (const [k, s] of r.session.entries()) {
        const answer = await run(s, values.session[k]!);
        if (answer.rowCount === 0) return send(res, 401, '{"message":"no session"}');
      }
    }
    const answers = await Promise.all(r.data.map((s, k) => run(s, values.data[k]!)));
    send(res, 200, JSON.stringify(answers.map((a) => a.rows as unknown[])));
  })().catch((err: unknown) => send(res, 500, JSON.stringify({ message: String(err) })));
}).listen(Number(process.env.PORT), '127.0.0.1');
