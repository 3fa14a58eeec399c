import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { AlertIcon, InboxIcon } from '../../../components/ui/icons';
import { Skeleton } from '../../../components/ui/skeleton';
import { isApiError } from '../../../lib/api-client';
import { useOperations, type ListOperationsParams } from '../api/list-operations';
import { OperationCard } from './operation-card';

const GRID_CLASSES = 'grid gap-6 sm:grid-cols-2 lg:grid-cols-3';

interface OperationsGridProps {
  params?: ListOperationsParams;
  /** How many placeholder cards hold the space while loading (defaults to the limit, at most 6). */
  skeletonCount?: number;
}

/** Operation cards from the API, with loading, error and empty states that keep the page steady. */
export function OperationsGrid({ params = {}, skeletonCount }: OperationsGridProps) {
  const { t } = useTranslation();
  const query = useOperations(params);

  if (query.isPending) {
    const count = skeletonCount ?? Math.min(params.limit ?? 6, 6);
    return (
      <div aria-busy="true">
        <p role="status" className="sr-only">
          {t('operations.grid.loading')}
        </p>
        <ul className={GRID_CLASSES}>
          {Array.from({ length: count }, (_, index) => (
            <li key={index}>
              <OperationCardSkeleton />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  if (query.isError) {
    const detail = isApiError(query.error) ? query.error.message : null;
    return (
      <StatePanel tone="error" icon={<AlertIcon className="size-6" />} title={t('errors.operationsLoad')} text={detail}>
        <Button variant="secondary" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? t('common.loading') : t('common.retry')}
        </Button>
      </StatePanel>
    );
  }

  const operations = query.data.data;
  if (operations.length === 0) {
    return (
      <StatePanel
        tone="neutral"
        icon={<InboxIcon className="size-6" />}
        title={t('operations.empty.title')}
        text={t('operations.empty.text')}
      />
    );
  }

  return (
    <ul className={GRID_CLASSES}>
      {operations.map((operation) => (
        <li key={operation.id}>
          <OperationCard operation={operation} />
        </li>
      ))}
    </ul>
  );
}

function StatePanel({
  tone,
  icon,
  title,
  text,
  children,
}: {
  tone: 'error' | 'neutral';
  icon: ReactNode;
  title: string;
  text: string | null;
  children?: ReactNode;
}) {
  return (
    <div
      role={tone === 'error' ? 'alert' : undefined}
      className="flex min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center"
    >
      <div
        className={
          tone === 'error'
            ? 'flex size-12 items-center justify-center rounded-full bg-rose-50 text-rose-700'
            : 'flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700'
        }
      >
        {icon}
      </div>
      <p className="mt-4 text-base font-semibold text-brand-900">{title}</p>
      {text && <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>}
      {children && <div className="mt-6">{children}</div>}
    </div>
  );
}

/** Mirrors the card's blocks and heights so the grid does not jump when the data arrives. */
export function OperationCardSkeleton() {
  return (
    <div className="flex h-full flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <Skeleton className="aspect-[16/9] rounded-none" />
      <div className="flex flex-1 flex-col gap-5 p-5">
        <div>
          <Skeleton className="h-4 w-24" />
          <div className="mt-1 min-h-14 space-y-2 pt-1">
            <Skeleton className="h-5 w-11/12" />
            <Skeleton className="h-5 w-2/3" />
          </div>
          <Skeleton className="mt-2 h-5 w-40" />
        </div>
        <div className="grid grid-cols-2 gap-4">
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-7 w-24" />
          </div>
          <div className="space-y-1.5">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="h-6 w-28" />
          </div>
        </div>
        <div>
          <Skeleton className="h-5 w-full" />
          <Skeleton className="mt-2 h-2 w-full rounded-full" />
          <Skeleton className="mt-2 h-4 w-40" />
        </div>
        <div className="mt-auto border-t border-slate-100 pt-4">
          <Skeleton className="h-5 w-28" />
        </div>
      </div>
    </div>
  );
}
