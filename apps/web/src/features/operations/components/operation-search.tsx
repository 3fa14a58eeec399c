import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  EMPTY_CATALOGUE_FILTERS,
  searchParamsFromFilters,
  useCatalogue,
  type CatalogueFilters,
} from '../api/get-catalogue';
import { CatalogueFilterFields } from './catalogue-filter-fields';

const FIELD_CLASSES =
  'h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-sm text-slate-900 shadow-sm focus:border-accent-600';

/**
 * The landing's search box and filters. They query the catalogue as they
 * change (the live count) and open /operations with the same filters in the
 * URL, so the results page is shareable and the back button returns here.
 */
export function OperationSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const [filters, setFilters] = useState<CatalogueFilters>(EMPTY_CATALOGUE_FILTERS);
  const preview = useCatalogue(filters, 1);
  const regions = preview.data?.facets.regions ?? [];

  const update = (change: Partial<CatalogueFilters>) => setFilters((current) => ({ ...current, ...change }));

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const query = searchParamsFromFilters(filters).toString();
    void navigate(query ? `/operations?${query}` : '/operations');
  };

  return (
    <form
      role="search"
      aria-label={t('search.label')}
      onSubmit={onSubmit}
      className="mt-8 rounded-2xl bg-white p-4 text-slate-900 shadow-xl ring-1 ring-black/5 sm:p-5"
    >
      <label htmlFor={`${id}-q`} className="sr-only">
        {t('search.label')}
      </label>
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="relative flex-1">
          <svg
            viewBox="0 0 20 20"
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 hidden size-5 -translate-y-1/2 fill-slate-400 sm:block"
          >
            <path d="M8.5 3a5.5 5.5 0 0 1 4.38 8.82l3.65 3.65-1.06 1.06-3.65-3.65A5.5 5.5 0 1 1 8.5 3Zm0 1.5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z" />
          </svg>
          <input
            id={`${id}-q`}
            type="search"
            name="q"
            maxLength={100}
            value={filters.q}
            onChange={(event) => update({ q: event.target.value })}
            placeholder={t('search.placeholder')}
            className={`${FIELD_CLASSES} text-xs sm:pl-10 sm:text-sm`}
          />
        </div>
        <button
          type="submit"
          className="inline-flex h-11 items-center justify-center rounded-lg bg-accent-700 px-6 text-sm font-semibold text-white shadow-sm hover:bg-accent-800"
        >
          {t('search.submit')}
        </button>
      </div>
      <fieldset className="mt-3 grid gap-3 sm:grid-cols-3">
        <legend className="sr-only">{t('search.filters')}</legend>
        <CatalogueFilterFields
          idPrefix={id}
          filters={filters}
          regions={regions}
          onChange={update}
          fieldClassName={FIELD_CLASSES}
        />
      </fieldset>
      <p aria-live="polite" className="mt-3 min-h-5 text-sm text-slate-600">
        {preview.data ? t('catalogue.results', { count: preview.data.total }) : ''}
      </p>
    </form>
  );
}
