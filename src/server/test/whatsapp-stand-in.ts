import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

// A local stand-in of the WhatsApp Business Cloud API (Graph API) for tests: a real HTTP server on 127.0.0.1 that
// takes POST /<version>/<phone number id>/messages with a Bearer token, checks the body as the Cloud API does for a
// template message, records it and answers with a wamid, or with the failure a test asked for (5xx, 429 with
// Retry-After, a Graph error). Tests point WHATSAPP_API_URL at `${url}/v21.0`. It also signs webhook bodies as Meta
// does (X-Hub-Signature-256), so tests post exactly what Meta would.

export interface SentTemplate {
  to: string;
  name: string;
  language: string;
  /** The body component's text parameters, in order. */
  body: string[];
  /** The raw request body, as received. */
  json: Record<string, unknown>;
  headers: IncomingHttpHeaders;
  path: string;
  /** The wamid answered (absent for a refused request). */
  id?: string;
}

interface PlannedAnswer {
  status: number;
  headers?: Record<string, string>;
  /** A Graph API error body (default: code 2, "Service temporarily unavailable"). */
  error?: { message: string; code: number; details?: string };
  /** Instead, a body that is not Graph's JSON (a proxy's or load balancer's page). */
  raw?: string;
}

export interface WhatsAppStandIn {
  url: string;
  /** Every accepted (answered 200) message, in order. */
  sent: SentTemplate[];
  /** Every request, refused or not. */
  requests: SentTemplate[];
  /** The next answers, in order, instead of a 200 (then 200s again). */
  fail(...answers: PlannedAnswer[]): void;
  /** Accepted messages to a number. */
  to(number: string): SentTemplate[];
  reset(): void;
  stop(): Promise<void>;
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });

const graphError = (message: string, code: number, details?: string) => ({
  error: {
    message,
    type: 'OAuthException',
    code,
    ...(details ? { error_data: { messaging_product: 'whatsapp', details } } : {}),
    fbtrace_id: randomBytes(8).toString('base64url'),
  },
});

export async function startWhatsAppStandIn(opts: { phoneNumberId: string; token: string }): Promise<WhatsAppStandIn> {
  const state = { sent: [] as SentTemplate[], requests: [] as SentTemplate[], planned: [] as PlannedAnswer[] };
  const server: Server = createServer((req, res) => void answer(req, res));

  async function answer(req: IncomingMessage, res: ServerResponse) {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    const path = req.url ?? '';
    const raw = await readBody(req);
    if (req.method !== 'POST' || !new RegExp(`^/v\\d+\\.\\d+/${opts.phoneNumberId}/messages$`).test(path)) {
      return send(400, graphError(`Unsupported post request. Object with ID '${path}' does not exist`, 100));
    }
    if (req.headers.authorization !== `Bearer ${opts.token}`) return send(401, graphError('Invalid OAuth access token - Cannot parse access token', 190));
    if (!/^application\/json/.test(req.headers['content-type'] ?? '')) return send(400, graphError('(#100) Invalid parameter', 100));
    let json: Record<string, unknown>;
    try {
      json = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      return send(400, graphError('(#100) Invalid parameter', 100, 'The request body is not valid JSON'));
    }
    const template = json.template as {
      name?: unknown;
      language?: { code?: unknown };
      components?: Array<{ type?: string; parameters?: Array<{ text?: unknown }> }>;
    };
    const record: SentTemplate = {
      to: String(json.to),
      name: String(template?.name),
      language: String(template?.language?.code),
      body: (template?.components?.find((c) => c.type === 'body')?.parameters ?? []).map((p) => String(p.text)),
      json,
      headers: req.headers,
      path,
    };
    state.requests.push(record);
    if (json.messaging_product !== 'whatsapp' || json.type !== 'template' || typeof json.to !== 'string' || !/^\d{8,15}$/.test(json.to)) {
      return send(400, graphError('(#100) Invalid parameter', 100, 'messaging_product, type or to is missing or invalid'));
    }
    if (typeof template?.name !== 'string' || typeof template.language?.code !== 'string') {
      return send(400, graphError('(#100) Invalid parameter', 100, 'template.name and template.language.code are required'));
    }
    // The Cloud API refuses a text parameter with a newline, a tab, more than four spaces in a row, or empty (132018).
    if (record.body.some((t) => t === '' || /[\n\t]| {5,}/.test(t))) {
      return send(400, graphError('(#132018) There was an issue with the parameters in your template.', 132018));
    }
    const planned = state.planned.shift();
    if (planned) {
      const { status, headers, error, raw } = planned;
      if (raw !== undefined) {
        res.writeHead(status, { 'Content-Type': 'text/html', ...headers });
        return res.end(raw);
      }
      return send(status, graphError(error?.message ?? 'Service temporarily unavailable', error?.code ?? 2, error?.details), headers);
    }
    record.id = `wamid.${randomBytes(24).toString('base64url')}`;
    state.sent.push(record);
    send(200, { messaging_product: 'whatsapp', contacts: [{ input: json.to, wa_id: json.to }], messages: [{ id: record.id }] });
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    get sent() {
      return state.sent;
    },
    get requests() {
      return state.requests;
    },
    fail: (...answers) => void state.planned.push(...answers),
    to: (number) => state.sent.filter((s) => s.to === number),
    reset() {
      state.sent.length = 0;
      state.requests.length = 0;
      state.planned.length = 0;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Meta's X-Hub-Signature-256 of a webhook body. */
export const signWebhook = (body: string, appSecret: string) => `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;

/** A webhook body as Meta sends it: one entry, one change of field `messages`, with statuses and/or incoming messages. */
export function webhookBody(o: {
  phoneNumberId: string;
  statuses?: Array<{ id: string; status: string; timestamp: number; recipient_id?: string; errors?: Array<{ code: number; title: string }> }>;
  messages?: Array<{ from: string; text: string; timestamp?: number }>;
}): string {
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      {
        id: '102290129340398',
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550783881', phone_number_id: o.phoneNumberId },
              ...(o.statuses
                ? { statuses: o.statuses.map((s) => ({ recipient_id: s.recipient_id ?? '919876543210', ...s, timestamp: String(s.timestamp) })) }
                : {}),
              ...(o.messages
                ? {
                    contacts: o.messages.map((m) => ({ profile: { name: 'Sender' }, wa_id: m.from })),
                    messages: o.messages.map((m) => ({
                      from: m.from,
                      id: `wamid.${randomBytes(12).toString('base64url')}`,
                      timestamp: String(m.timestamp ?? 1772419800),
                      type: 'text',
                      text: { body: m.text },
                    })),
                  }
                : {}),
            },
          },
        ],
      },
    ],
  });
}
