import { type UseQueryResult } from '@tanstack/react-query';
import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api-client';
import { cx } from '../../lib/class-names';
import { Alert } from './alert';
import { Button } from './button';
import { EmptyState } from './kpi-card';
import { Skeleton } from './skeleton';

/**
 * The three states every loaded screen has before its content: the refusal or failure (with a
 * retry), the placeholder while loading, and the empty state. `children` draws the data.
 * A refusal (a 4xx) shows the API's own translated message; any other failure `failure` (the
 * screen's words, "We could not load the ledger") or, without it, the error's message.
 * A refusal a retry would not change (a 404 "no such statement", a 403 "not your deal") may be drawn
 * by the screen instead (`refusal`); a screen with its own shape while loading passes `skeleton`.
 * While a retry loads, its button is disabled and says so: a second tap sends nothing.
 */
export function QueryState<T>({
  query,
  isEmpty,
  empty,
  emptyAction,
  failure,
  refusal,
  className,
  skeleton,
  skeletonClassName = 'h-64 w-full rounded-xl',
  children,
}: {
  /** A query's result, or anything shaped like it (a paged list, usePagedList; an infinite query). */
  query: Pick<UseQueryResult<T, Error>, 'data' | 'isError'> & {
    error: Error | null;
    refetch: () => unknown;
    /** While a retry is under way the failure stays, its button disabled and saying so. */
    isFetching?: boolean;
  };
  /** When the data counts as empty (a list with no rows), `empty` is shown instead. */
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  /** What the empty state offers to do next (a link to browse, a button to create). */
  emptyAction?: ReactNode;
  /** What a failed load says when it is not a refusal with the API's own message. */
  failure?: string;
  /**
   * What the screen shows for an error that a retry would not change (its not-found panel), or
   * undefined for the failure with its retry.
   */
  refusal?: (error: Error) => ReactNode;
  /** The error's and the placeholder's extra classes (a margin where the state stands under a title). */
  className?: string;
  /** The placeholder while loading, when the screen's own shape (cards, a page) beats a grey block. */
  skeleton?: ReactNode;
  skeletonClassName?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.isError) {
    const refused = query.error ? refusal?.(query.error) : undefined;
    if (refused) return <>{refused}</>;
    return (
      <Alert className={className}>
        <p>{failureText(query.error, failure)}</p>
        <Button
          className="mt-3"
          size="sm"
          variant="secondary"
          disabled={query.isFetching}
          aria-busy={query.isFetching || undefined}
          onClick={() => void query.refetch()}
        >
          {query.isFetching ? t('common.loading') : t('common.retry')}
        </Button>
      </Alert>
    );
  }
  if (query.data === undefined) return skeleton ?? <Skeleton className={cx(className, skeletonClassName)} />;
  if (empty !== undefined && isEmpty?.(query.data)) return <EmptyState action={emptyAction}>{empty}</EmptyState>;
  return <>{children(query.data)}</>;
}

function failureText(error: Error | null, failure: string | undefined): string | undefined {
  if (isApiError(error) && error.isClientError) return error.message;
  return failure ?? error?.message;
}
