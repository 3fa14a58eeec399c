import { type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { type PagedList } from '../../lib/paged-query';
import { Alert } from './alert';
import { Button, type ButtonSize } from './button';

/** "4,172 waiting": the total of a paged list, for its heading. */
export function WaitingTotal({ list, className }: { list: Pick<PagedList<unknown>, 'total'>; className?: string }) {
  const { t, i18n } = useTranslation();
  return (
    <p className={className ?? 'mt-2 text-sm font-medium text-slate-700'}>
      {t('common.paging.waiting', { total: formatNumber(list.total, i18n.language) })}
    </p>
  );
}

/** Under a paged list: how many rows are shown of how many, and a control for the next page. */
export function LoadMore({ list }: { list: PagedList<unknown> }) {
  const { t, i18n } = useTranslation();
  if (list.items.length === 0) return null;
  return (
    <div className="mt-6 flex flex-col items-center gap-3 text-sm text-slate-600">
      <p>
        {t('common.paging.shown', {
          shown: formatNumber(list.items.length, i18n.language),
          total: formatNumber(list.total, i18n.language),
        })}
      </p>
      {list.isFetchNextPageError && <Alert>{t('common.paging.loadMoreError')}</Alert>}
      <NextPageButton list={list} label={t('common.paging.loadMore')} loadingLabel={t('common.paging.loadingMore')} />
    </div>
  );
}

/**
 * The control that reads a paged list's next page: there only while one is left, disabled while it loads
 * (showing `loadingLabel` then, when given).
 */
export function NextPageButton({
  list,
  label,
  loadingLabel = label,
  size,
  className,
}: {
  list: Pick<PagedList<unknown>, 'hasNextPage' | 'isFetchingNextPage'> & { fetchNextPage: () => unknown };
  label: ReactNode;
  loadingLabel?: ReactNode;
  size?: ButtonSize;
  className?: string;
}) {
  if (!list.hasNextPage) return null;
  return (
    <Button
      variant="secondary"
      size={size}
      className={className}
      onClick={() => void list.fetchNextPage()}
      disabled={list.isFetchingNextPage}
    >
      {list.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
}
