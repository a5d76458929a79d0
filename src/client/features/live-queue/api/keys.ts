import { queryOptions } from '@tanstack/react-query';
import type { QueueBoard, VisitQueue } from '../../../../shared/schemas/live-queue';
import { apiFetch } from '../../../lib/api';

// The live queue's queries (docs/decisions/074-live-queue.md): the rep's place in line for one visit, and the clinic's
// queue board. Their streams (use-live-stream.ts) write into the same entries.

/** While the stream is down (a proxy without event streams, a reconnect under way): asked again this often. */
export const QUEUE_FALLBACK_REFETCH_MS = 30_000;

export const liveQueueKeys = {
  visit: (appointmentId: number) => ['rep', 'queue', appointmentId] as const,
  board: (clinicId: number) => ['clinic', clinicId, 'queue-board'] as const,
};

export const liveQueueQueries = {
  /** GET /api/appointments/:id/queue */
  visit: (appointmentId: number) =>
    queryOptions({
      queryKey: liveQueueKeys.visit(appointmentId),
      queryFn: ({ signal }) => apiFetch<VisitQueue>(`/api/appointments/${appointmentId}/queue`, { signal }),
    }),
  /** GET /api/clinic/queue-board?clinicId= */
  board: (clinicId: number) =>
    queryOptions({
      queryKey: liveQueueKeys.board(clinicId),
      queryFn: ({ signal }) => apiFetch<QueueBoard>(`/api/clinic/queue-board?clinicId=${clinicId}`, { signal }),
    }),
};

/** The streams of the same objects (text/event-stream). */
export const liveQueuePaths = {
  visit: (appointmentId: number) => `/api/live/appointments/${appointmentId}`,
  board: (clinicId: number) => `/api/live/clinic-queue?clinicId=${clinicId}`,
};
