import { connect } from 'node:net';
import { expect, it } from 'vitest';
import { ERROR_MESSAGES } from '../../../shared/errors';
import { isAllowedPushEndpoint } from '../../modules/notifications/push.service';
import { describeEachDatabase } from '../harness';

// Answers the HTTP parser gives before any route runs (docs/decisions/029, 049): the app's `{ message, code }` too,
// and every 503 says when to try again.

/** Sends raw bytes over HTTP/1.1 and answers everything the server wrote back. */
function rawHttp(port: number, request: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(request));
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    socket.on('end', () => resolve(answer));
    socket.on('close', () => resolve(answer));
    socket.on('error', (err) => (answer ? resolve(answer) : reject(err)));
  });
}
const bodyOf = (answer: string) => JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as unknown;

describeEachDatabase('the request edge: parser errors and Retry-After', (ctx) => {
  let port = 0;
  const listen = async () => {
    if (!port) port = Number(new URL(await ctx.app.listen({ port: 0, host: '127.0.0.1' })).port);
    return port;
  };

  it('answers headers too large (431) with the JSON error shape and a code', async () => {
    const answer = await rawHttp(await listen(), `GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(answer.split('\r\n')[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(bodyOf(answer)).toEqual({ message: ERROR_MESSAGES.headers_too_large, code: 'headers_too_large' });
  });

  it('answers a bad Content-Length (400) with the JSON error shape and a code', async () => {
    for (const lengths of ['Content-Length: abc', 'Content-Length: 5\r\nContent-Length: 6']) {
      const answer = await rawHttp(await listen(), `POST /api/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n${lengths}\r\n\r\n{}`);
      expect(answer.split('\r\n')[0], lengths).toBe('HTTP/1.1 400 Bad Request');
      expect(bodyOf(answer)).toEqual({ message: ERROR_MESSAGES.bad_request, code: 'bad_request' });
    }
  });

  it('tells when to try again on a 503 (the admin gate with no password set)', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/admin/authenticate', payload: { password: 'whatever-it-is' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('admin_off');
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
  });
});

it('allows a push service only on its standard port', () => {
  const origins = 'https://fcm.googleapis.com,https://*.push.services.mozilla.com,http://127.0.0.1:*';
  expect(isAllowedPushEndpoint(origins, 'https://fcm.googleapis.com/fcm/send/abc')).toBe(true);
  expect(isAllowedPushEndpoint(origins, 'https://fcm.googleapis.com:443/fcm/send/abc')).toBe(true);
  expect(isAllowedPushEndpoint(origins, 'https://fcm.googleapis.com:8443/fcm/send/abc')).toBe(false);
  expect(isAllowedPushEndpoint(origins, 'https://updates.push.services.mozilla.com:22/wpush/v2/x')).toBe(false);
  // A test stand-in names its port rule itself.
  expect(isAllowedPushEndpoint(origins, 'http://127.0.0.1:41234/push/1')).toBe(true);
  expect(isAllowedPushEndpoint('http://127.0.0.1', 'http://127.0.0.1:41234/push/1')).toBe(false);
});
