import { expect, it, vi } from 'vitest';
import { describeEachDatabase } from '../../test/harness';

describeEachDatabase('health and unknown paths', (ctx) => {
  it('answers healthy when the database answers', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: 'healthy' });
  });

  it('answers 503 with the message and code of an unavailable service when the database does not answer', async () => {
    const ping = vi.spyOn(ctx.app.database, 'ping').mockResolvedValue(false);
    try {
      const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        status: 'critical',
        database: ctx.kind,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        code: 'service_unavailable',
      });
    } finally {
      ping.mockRestore();
    }
  });

  it('answers an unknown /api path with a JSON 404 and a message', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json().message).toMatch(/No such endpoint/);
  });

  it('sends security headers and no X-Powered-By', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBeDefined();
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('refuses a state-changing call from another origin', async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/anything', headers: { origin: 'https://evil.example' }, payload: {} });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Cross-site request refused.');
  });

  it("answers a body that is not JSON with one of the app's error codes, not Fastify's", async () => {
    const res = await ctx.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': 'application/json' }, payload: '{"email":' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON.', code: 'invalid_json' });
  });
});
