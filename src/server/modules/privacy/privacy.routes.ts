import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { FastifyRequest } from 'fastify';
import { actorOf, hashToken, requireUser, SESSION_COOKIE } from '../../plugins/auth';
import { confirmAccountDeletion, exportAccountData, requestAccountDeletion } from './privacy.service';

// DPDP Act 2023 rights of reps and clinics (issue 9): download my data, delete my account.

const confirmSchema = z.object({
  code: z.string({ error: 'Please enter the 6-digit code' }).trim().regex(/^\d{6}$/, 'Please enter the 6-digit code'),
});

/** Limits count per session (an office network shares one address); without a cookie, per address. */
const bySession = (request: FastifyRequest) => {
  const token = request.cookies[SESSION_COOKIE];
  return token ? `privacy:${hashToken(token)}` : `privacy-ip:${request.ip}`;
};

export async function privacyRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  // Rights work before the terms are accepted too: declining the terms must not lock anyone out of erasure.
  const account = { preHandler: requireUser(['clinic', 'medrep'], { allowWithoutTerms: true }) };

  app.get('/api/account/export', account, async (request, reply) => {
    const actor = await actorOf(request);
    const data = await exportAccountData(app, actor);
    const day = data.exportedAt.slice(0, 10);
    return reply
      .header('Content-Disposition', `attachment; filename="repvisit-my-data-${day}.json"`)
      .header('Cache-Control', 'no-store')
      .send(data);
  });

  app.post('/api/account/delete/request', { ...account, config: { rateLimit: { max: 5, timeWindow: '1 hour', keyGenerator: bySession } } }, async (request) =>
    requestAccountDeletion(app, await actorOf(request)),
  );

  app.post('/api/account/delete/confirm', { ...account, schema: { body: confirmSchema }, config: { rateLimit: { max: 10, timeWindow: '15 minutes', keyGenerator: bySession } } }, async (request) =>
    confirmAccountDeletion(app, await actorOf(request), request.body.code),
  );
}
