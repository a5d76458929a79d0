import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { measure } from '../../../bench/load';
import { inputsOf, ruleOf, valuesOf } from '../../../bench/pg-baseline';
import { coldDevice, sessionTokenOf } from '../../../bench/seed-volume';

// The bench's cold reads are cold (docs/decisions/076-cold-read-baseline.md): no measured request repeats a warm-up
// one, every request takes a session no other took, and the node-postgres baseline sends the values the app sent.

describe('a measure against a real server', () => {
  let server: Server;
  let url: string;
  beforeAll(async () => {
    server = createServer((_req, res) => res.end('{}'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('sends the measured run requests the warm-up did not send', async () => {
    const warm = new Set<number>();
    const measured = new Set<number>();
    const result = await measure(url, {
      connections: 4,
      seconds: 1,
      warmupSeconds: 1,
      next: (i) => {
        measured.add(i);
        return { path: `/?i=${i}` };
      },
      warmupNext: (i) => {
        warm.add(i);
        return { path: `/?i=${i}` };
      },
    });
    expect(warm.size).toBeGreaterThan(0);
    expect(measured.size).toBeGreaterThan(0);
    expect([...measured].filter((i) => warm.has(i))).toEqual([]);
    expect(result.from).toBe(Math.max(...warm) + 1);
  });
});

describe('the cold reads sessions', () => {
  it('gives each request of a stride through the accounts a session no other request has, then wraps', () => {
    const accounts = 7;
    const devices = 4;
    const sessionOf = (i: number) => `${(i * 5) % accounts}/${coldDevice(i, accounts, devices)}`;
    const first = Array.from({ length: accounts * (devices - 1) }, (_, i) => sessionOf(i));
    expect(new Set(first).size).toBe(first.length);
    expect(first.every((s) => !s.endsWith('/0'))).toBe(true);
    expect(sessionOf(accounts * (devices - 1))).toBe(first[0]);
  });

  it("keeps every account's own session as it was, and takes it when no cold sessions were seeded", () => {
    expect(sessionTokenOf('medrep', 12)).toBe('bench-medrep-12-session-token-0123456789');
    expect(sessionTokenOf('clinic', 3, 2)).toBe('bench-clinic-3-d2-session-token-0123456789');
    expect(coldDevice(123, 7, 1)).toBe(0);
  });
});

describe("the baseline's values", () => {
  const request = (rep: number, doctor: number, date: string) => ({
    path: `/api/x?doctorId=${doctor}&date=${date}&month=2026-12`,
    cookie: `rv_session=${sessionTokenOf('medrep', rep, 3)}`,
  });
  const samples = [request(5, 40, '2026-12-04'), request(6, 41, '2026-12-05'), request(9, 17, '2026-12-05')];

  it('explains each value the app sent by the request, the time or a constant, and sends the same for another request', () => {
    const sent = samples.map((r) => {
      const inputs = inputsOf(r);
      return [Number(inputs.get('account')), inputs.get('session'), Number(inputs.get('doctorId')), inputs.get('date'), 'active', new Date().toISOString()];
    });
    const rules = [sent[0]!.map((_, j) => ruleOf(sent.map((values, k) => ({ value: values[j], inputs: inputsOf(samples[k]!) })))!)];
    expect(rules[0]!.map((r) => r.kind)).toEqual(['input', 'input', 'input', 'input', 'constant', 'now']);
    const other = inputsOf(request(77, 8, '2026-12-09'));
    const [values] = valuesOf(rules, other);
    expect(values!.slice(0, 5)).toEqual([77, other.get('session'), 8, '2026-12-09', 'active']);
  });

  it('finds no rule for a value the request does not carry', () => {
    expect(ruleOf(samples.map((r, k) => ({ value: 1000 + k, inputs: inputsOf(r) })))).toBeNull();
  });
});
