import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local stand-in of Razorpay's Orders API for tests: a real HTTP server on 127.0.0.1 that checks
// HTTP Basic auth and answers POST /v1/orders the way Razorpay documents it. Tests point RAZORPAY_API_URL at it.

export interface RecordedOrderRequest {
  amount: unknown;
  currency: unknown;
  receipt: unknown;
  notes: unknown;
}

export interface RazorpayStandIn {
  url: string;
  /** Every accepted or refused orders request, in order. */
  requests: RecordedOrderRequest[];
  /** 'ok' answers like Razorpay; 'error' answers 500; 'drop' closes the connection without an answer. */
  mode: 'ok' | 'error' | 'drop';
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

export async function startRazorpayStandIn(opts: { keyId: string; keySecret: string }): Promise<RazorpayStandIn> {
  const expectedAuth = `Basic ${Buffer.from(`${opts.keyId}:${opts.keySecret}`).toString('base64')}`;
  const state = { requests: [] as RecordedOrderRequest[], mode: 'ok' as RazorpayStandIn['mode'] };

  const server: Server = createServer((req, res) => void answer(req, res));
  async function answer(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const bad = (status: number, description: string) => send(status, { error: { code: 'BAD_REQUEST_ERROR', description } });
    if (req.method !== 'POST' || req.url !== '/v1/orders') return bad(404, 'The requested URL was not found on the server.');
    const raw = await readBody(req);
    if (state.mode === 'drop') return req.socket.destroy();
    if (req.headers.authorization !== expectedAuth) return bad(401, 'Authentication failed');
    let body: RecordedOrderRequest;
    try {
      body = JSON.parse(raw) as RecordedOrderRequest;
    } catch {
      return bad(400, 'The request body is not valid JSON');
    }
    state.requests.push(body);
    if (state.mode === 'error') return send(500, { error: { code: 'SERVER_ERROR', description: 'The server encountered an error.' } });
    if (typeof body.amount !== 'number' || !Number.isInteger(body.amount) || body.amount < 100) return bad(400, 'The amount must be atleast INR 1.00');
    if (body.currency !== 'INR') return bad(400, 'The currency is invalid');
    if (typeof body.receipt !== 'string' || body.receipt.length > 40) return bad(400, 'receipt: the length must be no more than 40.');
    send(200, {
      id: `order_${randomBytes(7).toString('hex')}`,
      entity: 'order',
      amount: body.amount,
      amount_paid: 0,
      amount_due: body.amount,
      currency: body.currency,
      receipt: body.receipt,
      offer_id: null,
      status: 'created',
      attempts: 0,
      notes: body.notes ?? [],
      created_at: Math.floor(Date.now() / 1000),
    });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get requests() {
      return state.requests;
    },
    get mode() {
      return state.mode;
    },
    set mode(m) {
      state.mode = m;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
