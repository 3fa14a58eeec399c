import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { InboxIcon } from '../../../components/ui/icons';
import { QueryState } from '../../../components/ui/query-state';
import { Skeleton } from '../../../components/ui/skeleton';
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

  const count = skeletonCount ?? Math.min(params.limit ?? 6, 6);
  return (
    <QueryState
      query={query}
      failure={t('errors.operationsLoad')}
      skeleton={
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
      }
    >
      {({ data: operations }) =>
        operations.length === 0 ? (
          <StatePanel
            icon={<InboxIcon className="size-6" />}
            title={t('operations.empty.title')}
            text={t('operations.empty.text')}
          />
        ) : (
          <ul className={GRID_CLASSES}>
            {operations.map((operation) => (
              <li key={operation.id}>
                <OperationCard operation={operation} />
              </li>
            ))}
          </ul>
        )
      }
    </QueryState>
  );
}

/** The grid's empty state, as tall as the cards it stands for. */
function StatePanel({ icon, title, text }: { icon: ReactNode; title: string; text: string }) {
  return (
    <div className="flex min-h-64 flex-col items-center justify-center rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-brand-50 text-brand-700">{icon}</div>
      <p className="mt-4 text-base font-semibold text-brand-900">{title}</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">{text}</p>
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
