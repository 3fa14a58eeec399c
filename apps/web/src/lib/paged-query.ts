import { PAGE_LIMIT_MAX, type Page } from '@tradeops/shared';
import { type QueryKey, useInfiniteQuery } from '@tanstack/react-query';
import { type z } from 'zod';
import { type SchemaSource, apiRequest } from './api-client';

/** Rows an admin list asks for per page (the API's PAGE_LIMIT_MAX). */
export const ADMIN_LIST_PAGE_SIZE = PAGE_LIMIT_MAX;

/** A list read a page at a time (a `{ items, nextCursor, total }` endpoint), flattened for the page. */
export interface PagedList<T> {
  items: T[];
  /** The rows read so far and the total, once the first page is in (for QueryState). */
  data: { items: T[]; total: number } | undefined;
  /** Rows the whole list holds (what is waiting), from the latest page read. */
  total: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => void;
  isPending: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

/**
 * GET `path` page by page (`?cursor=…&limit=…`) through TanStack Query's infinite query: the first
 * page loads with the component, the next ones when the user asks (LoadMore).
 */
export function usePagedList<S extends z.ZodType<Page<unknown>>>(options: {
  queryKey: QueryKey;
  path: string;
  schema: SchemaSource<S>;
  limit?: number;
  enabled?: boolean;
}): PagedList<z.output<S>['items'][number]> & { firstPage: z.output<S> | undefined } {
  const query = useInfiniteQuery({
    queryKey: options.queryKey,
    enabled: options.enabled,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams();
      if (pageParam) params.set('cursor', pageParam);
      if (options.limit) params.set('limit', String(options.limit));
      const query = params.toString();
      const separator = options.path.includes('?') ? '&' : '?';
      return apiRequest(query ? `${options.path}${separator}${query}` : options.path, options.schema, { signal });
    },
    getNextPageParam: (last) => last.nextCursor,
  });
  const pages = query.data?.pages ?? [];
  const items = pages.flatMap((page) => page.items as z.output<S>['items']);
  const total = pages.at(-1)?.total ?? 0;
  return {
    items,
    firstPage: pages[0],
    data: query.data ? { items, total } : undefined,
    total,
    hasNextPage: query.hasNextPage,
    isFetchingNextPage: query.isFetchingNextPage,
    isFetchNextPageError: query.isFetchNextPageError,
    fetchNextPage: () => void query.fetchNextPage(),
    isPending: query.isPending,
    isError: query.isError && !query.isFetchNextPageError,
    error: query.error,
    refetch: () => query.refetch(),
  };
}
