import { useInfiniteQuery } from '@tanstack/react-query';
import type { AdminSubscriptionsFilter, AdminSubscriptionsResponse } from '../../../../shared/schemas/admin';
import { adminListOptions, listUrl } from '../../admin-shared/api/admin-list-fetch';
import { adminKeys } from '../../admin-shared/api/keys';

/** GET /api/admin/subscriptions?q, a page at a time; subscriptions.csv with the same filter is the export. */
export function useAdminSubscriptions(filter: AdminSubscriptionsFilter) {
  return useInfiniteQuery(adminListOptions<AdminSubscriptionsResponse>(adminKeys.subscriptions, '/api/admin/subscriptions', filter));
}

export const adminSubscriptionsCsvUrl = (filter: AdminSubscriptionsFilter) => listUrl('/api/admin/subscriptions.csv', filter);
