import { type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from './alert';
import { Button } from './button';
import { EmptyState } from './kpi-card';
import { Skeleton } from './skeleton';

/**
 * The three states every loaded screen has before its content: the refusal or failure (with a
 * retry), the placeholder while loading, and the empty state. `children` draws the data.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  emptyAction,
  skeletonClassName = 'h-64 w-full rounded-xl',
  children,
}: {
  /** A query's result, or anything shaped like it (a paged list, usePagedList). */
  query: Pick<UseQueryResult<T, Error>, 'data' | 'isError'> & { error: Error | null; refetch: () => unknown };
  /** When the data counts as empty (a list with no rows), `empty` is shown instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What the empty state offers to do next (a link to browse, a button to create). */
  emptyAction?: ReactNode;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    return (
      <Alert>
        <p>{query.error?.message}</p>
        <Button className="mt-3" size="sm" variant="secondary" onClick={() => void query.refetch()}>
          {t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (query.data === undefined) return <Skeleton className={skeletonClassName} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState action={emptyAction}>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}
