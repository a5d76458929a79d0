import { createECDH, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';

// Test support for web push: a local stand-in of a push service that speaks the real wire format (RFC 8030: an
// encrypted POST to the subscription's endpoint), and a browser-side subscription that can decrypt what arrives.

const require = createRequire(import.meta.url);
const ece = require('http_ece') as { decrypt(body: Buffer, o: Record<string, unknown>): Buffer };

/** A stand-in push service (like FCM): records what it receives; /gone/* answers 410 as for a dropped subscription. */
export class PushService {
  received: Array<{ path: string; headers: IncomingHttpHeaders; body: Buffer }> = [];
  private server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      this.received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.startsWith('/gone/') ? 410 : 201;
      res.end();
    });
  });
  port = 0;
  async start() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as AddressInfo).port;
  }
  stop() {
    return new Promise<void>((r) => this.server.close(() => r()));
  }
}

/** A browser-side subscription: its own P-256 key pair and auth secret, so the test can decrypt the push. */
export function browserSubscription(endpoint: string) {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const auth = randomBytes(16);
  return {
    json: { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') } },
    decrypt: (body: Buffer) =>
      JSON.parse(ece.decrypt(body, { version: 'aes128gcm', privateKey: ecdh, authSecret: auth.toString('base64url') }).toString('utf8')) as Record<
        string,
        string
      >,
  };
}
