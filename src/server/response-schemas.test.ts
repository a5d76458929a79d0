import { expect, it } from 'vitest';
import { describeEachDatabase } from './test/harness';

// Typed answers (decision 017): every API route declares what it answers, so Fastify serialises with the shared
// zod schemas and nothing is spliced into JSON by hand. Only answers that are not JSON are exempt.
const NOT_JSON = new Set([
  // An iCalendar file (text/calendar) for calendar apps.
  'GET /api/calendar/:file',
  // WhatsApp's webhook verification echoes Meta's challenge as text/plain (docs/decisions/044).
  'GET /api/whatsapp/webhook',
  // The admin lists' CSV exports (text/csv, streamed; docs/decisions/022).
  'GET /api/admin/users.csv',
  'GET /api/admin/subscriptions.csv',
  'GET /api/admin/doctors.csv',
  'GET /api/admin/appointments.csv',
  // The visit histories' CSV twins (text/csv, streamed; docs/decisions/041).
  'GET /api/rep-visits.csv',
  'GET /api/clinic/visits.csv',
  // The live queue's event streams (text/event-stream; docs/decisions/074-live-queue.md).
  'GET /api/live/appointments/:id',
  'GET /api/live/clinic-queue',
]);

describeEachDatabase('response schemas', (ctx) => {
  it('every JSON API route declares its success answer and the error shape', () => {
    const api = ctx.app.routeList.filter((r) => r.url.startsWith('/api') && !NOT_JSON.has(`${r.method} ${r.url}`));
    expect(api.length).toBeGreaterThan(50);
    const undeclared = api.filter((r) => !r.responses.some((c) => /^2(\d\d|xx)$/.test(c))).map((r) => `${r.method} ${r.url}`);
    expect(undeclared, 'routes without a 2xx response schema').toEqual([]);
    const noErrors = api.filter((r) => !r.responses.includes('4xx')).map((r) => `${r.method} ${r.url}`);
    expect(noErrors, 'routes without the error shape for 4xx').toEqual([]);
  });
});
