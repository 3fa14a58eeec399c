import { type OperationListFilter } from '@tradeops/shared';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { usePagedList } from '../../../lib/paged-query';
import { dashboardKeys } from './keys';

export function useBuyerDashboard() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: dashboardKeys.buyer(i18n.language),
    queryFn: ({ signal }) => apiRequest('/api/buyer/dashboard', (c) => c.ZBuyerDashboardResponse, { signal }),
  });
}

/** GET /api/buyer/orders: every order of the buyer, newest first, a page at a time. */
export function useBuyerOrders() {
  const { i18n } = useTranslation();
  return usePagedList({
    queryKey: dashboardKeys.buyerOrders(i18n.language),
    path: '/api/buyer/orders',
    schema: (c) => c.ZBuyerOrdersResponse,
  });
}

export function useAdminDashboard() {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: dashboardKeys.admin(i18n.language),
    queryFn: ({ signal }) => apiRequest('/api/admin/dashboard', (c) => c.ZAdminDashboardResponse, { signal }),
  });
}

const PAGE = 100;

/** The operations list of spec §7 (newest first, 100 a page), with "more" beyond the first hundred. */
export function useOperationsPages(status: OperationListFilter, search: string) {
  const { i18n } = useTranslation();
  return useInfiniteQuery({
    queryKey: dashboardKeys.operations(status, search, i18n.language),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }) =>
      apiRequest('/api/operations', (c) => c.ZListOperationsResponse, {
        query: { status, q: search || undefined, limit: PAGE, offset: pageParam },
        signal,
      }),
    getNextPageParam: (last, pages) => (last.hasMore ? pages.reduce((sum, page) => sum + page.count, 0) : undefined),
  });
}
