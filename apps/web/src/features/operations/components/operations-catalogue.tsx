import { CATALOGUE_PAGE_SIZE, CATALOGUE_SORTS, type CatalogueSort } from '@tradeops/shared';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../../components/ui/button';
import { AlertIcon, InboxIcon } from '../../../components/ui/icons';
import { isApiError } from '../../../lib/api-client';
import {
  EMPTY_CATALOGUE_FILTERS,
  filtersFromSearchParams,
  searchParamsFromFilters,
  useCatalogue,
  type CatalogueFilters,
} from '../api/get-catalogue';
import { OperationCard } from './operation-card';
import { OperationCardSkeleton } from './operations-grid';
import { CatalogueFilterFields } from './catalogue-filter-fields';

const FIELD_CLASSES =
  'h-10 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-accent-600';
const LABEL_CLASSES = 'mb-1 block text-xs font-semibold text-slate-600';

/**
 * /operations: the filters live in the URL (every change is a history entry,
 * so links are shareable and the back button undoes a filter), the results
 * come from GET /api/operations/catalogue, page by page beyond the first 100.
 */
export function OperationsCatalogue() {
  const { t } = useTranslation();
  const id = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearchParams(searchParams);
  const query = useCatalogue(filters);
  const [draftQ, setDraftQ] = useState(filters.q);
  const [urlQ, setUrlQ] = useState(filters.q);
  // The search box follows the URL when it changes from outside (back button, a shared link).
  if (urlQ !== filters.q) {
    setUrlQ(filters.q);
    setDraftQ(filters.q);
  }

  const apply = (change: Partial<CatalogueFilters>) => {
    // A new filter starts again at page 1; a page change keeps the filters.
    const next = { ...filters, page: 1, ...change };
    setSearchParams(searchParamsFromFilters(next));
  };

  const onSearch = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    apply({ q: draftQ });
  };

  const regions = query.data?.facets.regions ?? (filters.region ? [filters.region] : []);
  const total = query.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / CATALOGUE_PAGE_SIZE));
  const hasFilters = searchParamsFromFilters({ ...filters, sort: 'newest', page: 1 }).toString() !== '';

  return (
    <div className="grid gap-8 lg:grid-cols-[18rem_1fr]">
      <aside aria-label={t('search.filters')} className="lg:sticky lg:top-24 lg:self-start">
        <form role="search" aria-label={t('search.label')} onSubmit={onSearch} className="space-y-4">
          <div>
            <label htmlFor={`${id}-q`} className={LABEL_CLASSES}>
              {t('search.label')}
            </label>
            <div className="flex flex-col gap-2">
              <input
                id={`${id}-q`}
                type="search"
                name="q"
                maxLength={100}
                value={draftQ}
                onChange={(event) => setDraftQ(event.target.value)}
                placeholder={t('search.placeholder')}
                className={`${FIELD_CLASSES} text-[13px]`}
              />
              <Button type="submit" size="md">
                {t('search.submit')}
              </Button>
            </div>
          </div>
          <CatalogueFilterFields
            idPrefix={id}
            filters={filters}
            regions={regions}
            onChange={apply}
            fieldClassName={FIELD_CLASSES}
          />
          {hasFilters && (
            <Button
              variant="ghost"
              size="sm"
              onClick={() => {
                setDraftQ('');
                setSearchParams(searchParamsFromFilters({ ...EMPTY_CATALOGUE_FILTERS, sort: filters.sort }));
              }}
            >
              {t('catalogue.clear')}
            </Button>
          )}
        </form>
      </aside>

      <div>
        <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <p aria-live="polite" className="text-sm font-semibold text-slate-700" data-testid="catalogue-count">
            {query.data ? t('catalogue.results', { count: total }) : t('operations.grid.loading')}
          </p>
          <div className="flex items-center gap-2">
            <label htmlFor={`${id}-sort`} className="text-sm whitespace-nowrap text-slate-600">
              {t('catalogue.sort')}
            </label>
            <select
              id={`${id}-sort`}
              value={filters.sort}
              onChange={(event) => apply({ sort: event.target.value as CatalogueSort })}
              className={`${FIELD_CLASSES} w-auto`}
            >
              {CATALOGUE_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {t(`catalogue.sorts.${sort}`)}
                </option>
              ))}
            </select>
          </div>
        </div>

        {query.isPending ? (
          <ul aria-busy="true" className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {Array.from({ length: 6 }, (_, index) => (
              <li key={index}>
                <OperationCardSkeleton />
              </li>
            ))}
          </ul>
        ) : query.isError ? (
          <div
            role="alert"
            className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center"
          >
            <AlertIcon className="size-6 text-rose-700" />
            <p className="mt-3 font-semibold text-brand-900">{t('errors.operationsLoad')}</p>
            {isApiError(query.error) && <p className="mt-1 text-sm text-slate-600">{query.error.message}</p>}
            <Button className="mt-4" variant="secondary" onClick={() => void query.refetch()}>
              {t('common.retry')}
            </Button>
          </div>
        ) : query.data.data.length === 0 ? (
          <div className="flex flex-col items-center rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
            <InboxIcon className="size-6 text-brand-700" />
            <p className="mt-3 font-semibold text-brand-900">{t('catalogue.empty.title')}</p>
            <p className="mt-1 text-sm text-slate-600">{t('catalogue.empty.text')}</p>
          </div>
        ) : (
          <ul
            className="grid gap-6 transition-opacity sm:grid-cols-2 xl:grid-cols-3"
            style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
            data-testid="catalogue-results"
          >
            {query.data.data.map((operation) => (
              <li key={operation.id}>
                <OperationCard operation={operation} />
              </li>
            ))}
          </ul>
        )}

        {pages > 1 && (
          <nav aria-label={t('catalogue.pagination')} className="mt-10 flex items-center justify-between gap-4">
            <Button variant="secondary" disabled={filters.page <= 1} onClick={() => apply({ page: filters.page - 1 })}>
              {t('catalogue.previous')}
            </Button>
            <p className="text-sm text-slate-600">{t('catalogue.pageOf', { page: filters.page, pages })}</p>
            <Button
              variant="secondary"
              disabled={filters.page >= pages}
              onClick={() => apply({ page: filters.page + 1 })}
            >
              {t('catalogue.next')}
            </Button>
          </nav>
        )}
      </div>
    </div>
  );
}
