import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';

export const statementKeys = {
  buyer: (orderId: string, language: string) => ['statements', 'buyer', orderId, language] as const,
  seller: (operationId: string, language: string) => ['statements', 'seller', operationId, language] as const,
};

/** GET /api/orders/{id}/statement: the buyer's own order and its escrow movements. */
export function useBuyerStatement(orderId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: statementKeys.buyer(orderId, i18n.language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/orders/${encodeURIComponent(orderId)}/statement`, (c) => c.ZBuyerStatement, {
        signal,
      }),
  });
}

/** GET /api/seller/operations/{id}/statement: the seller's payouts of one operation. */
export function useSellerStatement(operationId: string) {
  const { i18n } = useTranslation();
  return useQuery({
    queryKey: statementKeys.seller(operationId, i18n.language),
    queryFn: ({ signal }) =>
      apiRequest(`/api/seller/operations/${encodeURIComponent(operationId)}/statement`, (c) => c.ZSellerStatement, {
        signal,
      }),
  });
}

/**
 * The PDF's address, in the page's language and time zone: a link sends no X-Lang header, and the
 * server, which draws the PDF, cannot know the browser's zone otherwise.
 */
export function statementPdfUrl(path: string, language: string, timeZone: string): string {
  const query = new URLSearchParams({ lang: language.slice(0, 2), tz: timeZone });
  return `${path}.pdf?${query.toString()}`;
}

/**
 * The time zone the interface writes moments in: the browser's (what formatDeadline uses when
 * given none). Statements name it, and their PDF link carries it to the server.
 */
export function viewerTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}
