import pg from 'pg';

// The PostgreSQL pool and its timeouts (docs/decisions/012-performance-and-scaling.md, Database timeouts): a database
// that stops answering costs a request at most a timeout, then a 503 (plugins/error-handler.ts). node-postgres bounds
// the waits; three repairs here keep a connection the database no longer answers on from outliving them, so the
// pool heals by itself once the database is back:
// - A query left unanswered past query_timeout keeps its connection waiting for that answer (node-postgres reports
//   the timeout but neither cancels nor closes): the connection is closed, so nothing queues behind it.
// - A connection lost while lent emits 'error' on a client the pool no longer listens to: without a listener of
//   its own that error would be thrown and end the process.
// - drizzle's transaction() sends BEGIN before its try/finally, so a client whose BEGIN fails is never given
//   back: a client still lent when its connection ends is given back here (the pool then discards it).

export interface DatabaseTimeouts {
  /** PostgreSQL cancels a statement running longer (statement_timeout, 57014); 0 sets none. */
  statementTimeoutMs: number;
  /** Longest wait for a connection, a new one or one from the pool (connectionTimeoutMillis); 0 waits for ever. */
  connectTimeoutMs: number;
}

export const DEFAULT_TIMEOUTS: DatabaseTimeouts = { statementTimeoutMs: 5000, connectTimeoutMs: 5000 };

/**
 * How much longer than the statement timeout the client waits for any answer (query_timeout): PostgreSQL's own
 * cancel comes first while the server is alive; only a database that answers nothing at all reaches this.
 */
export const ANSWER_MARGIN_MS = 1000;

/** PostgreSQL ends a session idle inside an open transaction this long, so a vanished client's locks go. */
export const IDLE_IN_TRANSACTION_MS = 60_000;

/** The client-side wait for any answer (node-postgres' query_timeout); 0 when statements have no timeout. */
export const answerTimeoutMs = (t: DatabaseTimeouts): number => (t.statementTimeoutMs ? t.statementTimeoutMs + ANSWER_MARGIN_MS : 0);

/**
 * `session`: PostgreSQL itself, or a pooler in session mode, where a connection's settings last as long as it does: the
 * server-side timeouts are set by one `SET` as each connection opens, not as startup parameters, which PgBouncer in
 * either mode refuses (1.18: "unsupported startup parameter: statement_timeout"). `transaction`: a pooler in
 * transaction mode, where a `SET` would stay on a server connection other clients' transactions then use: none is
 * sent, the client-side answer timeout stays, and the server-side ones belong on the role
 * (docs/decisions/058-behind-a-pooler.md).
 */
export type PoolMode = 'session' | 'transaction';

export function createPool(o: { url: string; max: number; timeouts: DatabaseTimeouts; mode?: PoolMode }): pg.Pool {
  // Integers from the config, never request input.
  const settings =
    o.mode === 'transaction'
      ? null
      : `set statement_timeout = ${Math.trunc(o.timeouts.statementTimeoutMs)}; set idle_in_transaction_session_timeout = ${IDLE_IN_TRANSACTION_MS}`;
  const pool = new pg.Pool({
    connectionString: o.url,
    max: o.max,
    connectionTimeoutMillis: o.timeouts.connectTimeoutMs,
    query_timeout: answerTimeoutMs(o.timeouts),
    // pg-pool waits for it before lending the new connection; a failed SET fails that borrower and drops the connection.
    ...(settings ? { onConnect: (client: pg.ClientBase) => client.query(settings) as unknown as void } : {}),
  });
  // A dropped idle connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  const lent = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => lent.add(client));
  pool.on('release', (_err, client) => lent.delete(client));
  pool.on('connect', (client) => {
    client.on('error', () => {});
    client.on('end', () => {
      if (!lent.has(client)) return;
      const release = client.release.bind(client);
      // The borrower's own release, should it still come, must not throw "released twice" over its real error.
      client.release = () => {};
      release(true);
    });
    closeOnAnswerTimeout(client);
    if (o.mode === 'transaction') withoutStatementNames(client);
  });
  return pool;
}

/**
 * Behind a pooler in transaction mode each statement may reach another server connection, where a name prepared on
 * one is missing or, prepared again, "already exists" (docs/decisions/058-behind-a-pooler.md). The repos name their
 * hot statements always (docs/decisions/071-one-read-path.md); here, at the connection, the name is dropped and the
 * same text runs as an unnamed statement. One place decides, so no query has a second path for the pooler.
 */
export function withoutStatementNames(client: pg.Client | pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((config: unknown, ...rest: unknown[]) => {
    const named = typeof config === 'object' && config !== null && 'name' in config && (config as { name?: unknown }).name;
    // A submittable (a cursor) carries its own protocol; a config object is copied, never changed (drizzle keeps it).
    const plain = named && typeof (config as { submit?: unknown }).submit !== 'function' ? { ...(config as object), name: undefined } : config;
    return query(plain, ...rest);
  }) as typeof client.query;
}

/** Closes the client's connection when a query of it gets no answer within query_timeout (see above). */
function closeOnAnswerTimeout(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const answer = query(...args);
    // Promise calls only: drizzle's. pool.query (a callback) gives its client back with the error, and the pool's
    // end() of a client with a query outstanding closes the connection already.
    if (answer instanceof Promise) {
      void answer.catch((err: unknown) => {
        if (err instanceof Error && err.message === 'Query read timeout') client.connection.stream.destroy();
      });
    }
    return answer;
  }) as typeof client.query;
}
