import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/format';
import { type PagedList } from '../../lib/paged-query';
import { Alert } from './alert';
import { Button } from './button';

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
      {list.hasNextPage && (
        <Button variant="secondary" onClick={list.fetchNextPage} disabled={list.isFetchingNextPage}>
          {list.isFetchingNextPage ? t('common.paging.loadingMore') : t('common.paging.loadMore')}
        </Button>
      )}
    </div>
  );
}
