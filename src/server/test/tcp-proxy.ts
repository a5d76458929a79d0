import net from 'node:net';

/**
 * What the proxy does: 'forward' passes bytes both ways; 'hung' keeps every connection open, accepts new ones and
 * drops every byte (a database that stops answering, a network that loses packets); 'down' closes every
 * connection and refuses new ones (ECONNREFUSED), as a stopped server does.
 */
export type ProxyMode = 'forward' | 'hung' | 'down';

export interface TcpProxy {
  port: number;
  set(mode: ProxyMode): Promise<void>;
  /**
   * The statements the app has sent through the proxy so far, read off the wire (PostgreSQL's frontend protocol): a
   * simple Query ('Q') or an extended query's Sync ('S'), each one round trip to the database.
   */
  statements(): number;
  close(): Promise<void>;
}

/** SSLRequest and GSSENCRequest: answered with one byte, then the client sends its startup message. */
const ENCRYPTION_REQUESTS = new Set([80877103, 80877104]);

/** Counts the round trips in one connection's client-to-server bytes (startup message untyped, then typed messages). */
function statementCounter(count: () => void): (bytes: Buffer) => void {
  let pending = Buffer.alloc(0);
  let started = false;
  return (bytes) => {
    pending = Buffer.concat([pending, bytes]);
    for (;;) {
      const header = started ? 5 : 8;
      if (pending.length < header) return;
      const length = started ? pending.readInt32BE(1) + 1 : pending.readInt32BE(0);
      if (pending.length < length) return;
      if (!started) started = !ENCRYPTION_REQUESTS.has(pending.readInt32BE(4));
      else if (pending[0] === 0x51 /* Q */ || pending[0] === 0x53 /* S */) count();
      pending = pending.subarray(length);
    }
  };
}

/** A TCP proxy on 127.0.0.1 in front of `target`, for tests of a database that hangs or goes away. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: ProxyMode = 'forward';
  let statements = 0;
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
  };
  const server = net.createServer((app) => {
    track(app);
    // Accepted while hung: never connected onwards, so its bytes are lost even once forwarding resumes.
    if (mode !== 'forward') return;
    const db = net.connect(target.port, target.host);
    track(db);
    const counter = statementCounter(() => statements++);
    app.on('data', (bytes: Buffer) => {
      if (mode !== 'forward') return;
      counter(bytes);
      db.write(bytes);
    });
    db.on('data', (bytes: Buffer) => void (mode === 'forward' && app.write(bytes)));
    app.on('close', () => db.destroy());
    db.on('close', () => app.destroy());
  });
  const listen = (port: number) => new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  return {
    port,
    statements: () => statements,
    async set(next) {
      const was = mode;
      mode = next;
      if (next === 'down' && was !== 'down') {
        const closed = new Promise((resolve) => server.close(resolve));
        dropAll();
        await closed;
      }
      if (next !== 'down' && was === 'down') await listen(port);
    },
    async close() {
      const closed = new Promise((resolve) => (server.listening ? server.close(resolve) : resolve(undefined)));
      dropAll();
      await closed;
    },
  };
}
