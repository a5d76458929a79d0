import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { busOf } from '../../cache/cache-bus';
import { cacheKey, parseKey } from '../../cache/cache-keys';
import { actorOf, requireClinicRole, requireUser, SESSION_COOKIE } from '../../plugins/auth';
import { errorResponses } from '../../../shared/schemas/common';
import type { QueueBoard } from '../../../shared/schemas/live-queue';
import { todayInIndia } from '../../../shared/dates';
import { queueBoardQuerySchema, queueBoardSchema, queueParamsSchema, visitQueueSchema } from '../../../shared/schemas/live-queue';
import { LiveHub, type LiveSource } from './live-hub';
import { findRepVisitDay } from './live-queue.repo';
import {
  assertBoardClinic,
  findQueueDay,
  getQueueBoard,
  getVisitQueue,
  GONE_FROM_QUEUE,
  queueIn,
  readDoctorDay,
  type DoctorDayData,
  type QueueDay,
} from './live-queue.service';
import { SseStream } from './sse';

// The live queue (docs/decisions/074-live-queue.md): a rep's place in line, and the clinic's queue board, each as an
// answer and as a server-sent-event stream of the same object. The guards run before a stream opens, so a refused
// caller gets the usual JSON error.

/** Reception and up see the board (the reception role: "the live queue"). */
const BOARD_ROLES = ['manager', 'reception'] as const;

export async function liveQueueRoutes(base: FastifyInstance): Promise<void> {
  const app = base.withTypeProvider<ZodTypeProvider>();
  const hub = new LiveHub({ draining: () => app.drain.draining, log: app.log });
  busOf(app.db)?.cacheFor(hub, () => hub);
  // Before the server stops listening: open streams would hold its close (and the drain) to the end.
  app.addHook('preClose', async () => hub.stop());

  /** The session of this request still is this actor's (a sign-out or a deactivation ends the stream at its next beat). */
  const stillSignedIn = (request: FastifyRequest, check: (a: { type: string; id: number }) => boolean) => async () => {
    const actor = await app.sessions.actorOf(request.cookies[SESSION_COOKIE]);
    return actor !== null && check(actor);
  };

  app.get(
    '/api/appointments/:id/queue',
    { preHandler: requireUser(['medrep']), schema: { params: queueParamsSchema, response: { 200: visitQueueSchema, ...errorResponses } } },
    async (request) => {
      const actor = await actorOf(request);
      return getVisitQueue(app, { repId: actor.id, appointmentId: request.params.id });
    },
  );

  app.get(
    '/api/live/appointments/:id',
    { preHandler: requireUser(['medrep']), schema: { params: queueParamsSchema, response: errorResponses } },
    async (request, reply) => {
      const actor = await actorOf(request);
      const o = { repId: actor.id, appointmentId: request.params.id };
      // The streams of one doctor's day share its reads (docs/decisions/079): one read per change, each stream its place.
      const dayOf = (day: QueueDay): LiveSource<DoctorDayData> => {
        const dayKey = cacheKey.doctorDay(day.clinicId, day.doctorId, day.date);
        const linkKey = cacheKey.link(day.clinicId, day.doctorId);
        return { key: dayKey, read: () => readDoctorDay(app, day), concerns: (key) => key === dayKey || key === linkKey };
      };
      const first = await findQueueDay(app, o); // 404 before the stream opens
      let day = first;
      const stream = new SseStream(request, reply);
      stream.open();
      await hub.follow({
        stream,
        event: 'queue',
        initial: dayOf(first),
        // The visit left the day it was in (moved, deleted): where it is now, this stream alone.
        source: async () => {
          const now = await findRepVisitDay(app.db, { id: o.appointmentId, repId: o.repId });
          if (!now) return { key: `gone:${o.appointmentId}`, read: async () => ({ visits: [], slotMinutes: 0, latenessMinutes: 0 }), concerns: () => false };
          day = now;
          return dayOf(now);
        },
        view: (data) => queueIn(data, { visitId: day.id, date: day.date, now: app.clock.now() }),
        gone: () => GONE_FROM_QUEUE,
        allowed: stillSignedIn(request, (a) => a.type === 'medrep' && a.id === actor.id),
      });
    },
  );

  app.get(
    '/api/clinic/queue-board',
    { preHandler: requireClinicRole(BOARD_ROLES), schema: { querystring: queueBoardQuerySchema, response: { 200: queueBoardSchema, ...errorResponses } } },
    async (request) => {
      assertBoardClinic(await actorOf(request), request.query.clinicId);
      return getQueueBoard(app, { clinicId: request.query.clinicId });
    },
  );

  app.get(
    '/api/live/clinic-queue',
    { preHandler: requireClinicRole(BOARD_ROLES), schema: { querystring: queueBoardQuerySchema, response: errorResponses } },
    async (request, reply) => {
      const clinicId = request.query.clinicId;
      assertBoardClinic(await actorOf(request), clinicId);
      const stream = new SseStream(request, reply);
      stream.open();
      // The boards of one clinic share its reads (docs/decisions/079); the date moves on at midnight.
      const boardKey = `board:${clinicId}`;
      const source: LiveSource<QueueBoard> = {
        key: boardKey,
        read: () => getQueueBoard(app, { clinicId }),
        // Any doctor's day of this clinic today, a doctor of it added, renamed or removed, or the clinic's account (its
        // name and language are on the board: a board opened later joins this read, decision 079).
        concerns: (key, board) => {
          const { kind, parts } = parseKey(key);
          return (
            (kind === 'doctor-day' && parts[0] === String(clinicId) && (!board || parts[2] === board.date)) ||
            (kind === 'link' && parts[0] === String(clinicId)) ||
            (kind === 'account' && parts[0] === 'clinic' && parts[1] === String(clinicId))
          );
        },
        expired: (board) => board.date !== todayInIndia(app.clock.now()),
      };
      await hub.follow({
        stream,
        event: 'board',
        initial: source,
        source: async () => source,
        view: (board) => board,
        allowed: stillSignedIn(request, (a) => a.type === 'clinic' && a.id === clinicId),
      });
    },
  );
}
