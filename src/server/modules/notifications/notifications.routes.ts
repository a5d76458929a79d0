import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf, requireUser } from '../../plugins/auth';
import { errorResponses } from '../../../shared/schemas/common';
import {
  calendarFeedCreatedSchema,
  calendarFeedStatusSchema,
  removePushSubscriptionSchema,
  repNotificationPreferencesResponseSchema,
  repNotificationPreferencesSchema,
  savePushSubscriptionSchema,
  vapidPublicKeyResponseSchema,
} from '../../../shared/schemas/notifications';
import { getCalendarFeedStatus, renderCalendarFeed, revokeCalendarFeed, rotateCalendarFeed } from './calendar-feed.service';
import { getRepNotificationPreferences, removeRepPushSubscription, saveRepNotificationPreferences, saveRepPushSubscription } from './preferences.service';

// The rep's reminder opt-outs, web-push subscription and private calendar feed (spec part 2, 7 Settings).

/** The one error shape (ARCHITECTURE rule 4) for every failure of these calls. */
const preferencesAnswer = { response: { 200: repNotificationPreferencesResponseSchema, ...errorResponses } };
const feedStatusAnswer = { response: { 200: calendarFeedStatusSchema, ...errorResponses } };

const feedParams = z.object({ file: z.string().max(200) });

export async function notificationRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const repOnly = { preHandler: requireUser(['medrep']) };

  app.get('/api/medrep/notification-preferences', { ...repOnly, schema: preferencesAnswer }, async (request) =>
    getRepNotificationPreferences(app, { actor: await actorOf(request) }),
  );
  app.put('/api/medrep/notification-preferences', { ...repOnly, schema: { body: repNotificationPreferencesSchema, ...preferencesAnswer } }, async (request) =>
    saveRepNotificationPreferences(app, { actor: await actorOf(request), input: request.body }),
  );

  app.get('/api/push/vapid-public-key', { schema: { response: { 200: vapidPublicKeyResponseSchema, ...errorResponses } } }, async () => ({
    publicKey: (await app.keys.vapid()).publicKey,
  }));
  app.post('/api/medrep/push-subscription', { ...repOnly, schema: { body: savePushSubscriptionSchema, ...preferencesAnswer } }, async (request) =>
    saveRepPushSubscription(app, { actor: await actorOf(request), subscription: request.body.subscription }),
  );
  app.delete(
    '/api/medrep/push-subscription',
    { ...repOnly, schema: { body: z.preprocess((v) => v ?? {}, removePushSubscriptionSchema), ...preferencesAnswer } },
    async (request) => removeRepPushSubscription(app, { actor: await actorOf(request), endpoint: request.body?.endpoint }),
  );

  app.get('/api/medrep/calendar-feed', { ...repOnly, schema: feedStatusAnswer }, async (request) =>
    getCalendarFeedStatus(app, { actor: await actorOf(request) }),
  );
  app.post('/api/medrep/calendar-feed', { ...repOnly, schema: { response: { 200: calendarFeedCreatedSchema, ...errorResponses } } }, async (request, reply) => {
    reply.header('Cache-Control', 'no-store');
    return rotateCalendarFeed(app, { actor: await actorOf(request) });
  });
  app.delete('/api/medrep/calendar-feed', { ...repOnly, schema: feedStatusAnswer }, async (request) =>
    revokeCalendarFeed(app, { actor: await actorOf(request) }),
  );

  // Public: the token in the path is the key. Calendar apps poll it every few hours. The feed is text/calendar,
  // sent as rendered, so it declares no JSON answer (its failures are the error handler's usual JSON).
  app.get('/api/calendar/:file', { schema: { params: feedParams }, config: { rateLimit: { max: 60, timeWindow: '1 minute' } } }, async (request, reply) => {
    const token = request.params.file.endsWith('.ics') ? request.params.file.slice(0, -4) : '';
    const body = await renderCalendarFeed(app, { token });
    return reply
      .header('Content-Type', 'text/calendar; charset=utf-8')
      .header('Content-Disposition', 'inline; filename="repvisit.ics"')
      .header('Cache-Control', 'private, no-store')
      .header('X-Robots-Tag', 'noindex')
      .send(body);
  });
}
