import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  PRODUCT_CATEGORIES,
  type CatalogueResponse,
  type CatalogueSort,
  type ProductCategory,
} from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '../../../lib/api-client';
import { operationKeys } from './keys';

/** The catalogue's filters, as they appear in the URL of /operations (shareable, back button works). */
export interface CatalogueFilters {
  q: string;
  category: ProductCategory | '';
  region: string;
  minPrice: number | null;
  maxPrice: number | null;
  sort: CatalogueSort;
  page: number;
}

export const EMPTY_CATALOGUE_FILTERS: CatalogueFilters = {
  q: '',
  category: '',
  region: '',
  minPrice: null,
  maxPrice: null,
  sort: 'newest',
  page: 1,
};

function readPrice(value: string | null): number | null {
  if (value === null || value.trim() === '') return null;
  const number = Number(value);
  return Number.isFinite(number) && number >= 0 ? number : null;
}

/** Reads the filters from a query string, ignoring values the API would refuse. */
export function filtersFromSearchParams(params: URLSearchParams): CatalogueFilters {
  const category = params.get('category') ?? '';
  const sort = params.get('sort') ?? 'newest';
  const region = (params.get('region') ?? '').toUpperCase();
  const page = Number(params.get('page') ?? '1');
  return {
    q: (params.get('q') ?? '').slice(0, 100),
    category: (PRODUCT_CATEGORIES as readonly string[]).includes(category) ? (category as ProductCategory) : '',
    region: /^[A-Z]{2}$/.test(region) ? region : '',
    // min_price and max_price: the names before the API's one casing, in links shared then.
    minPrice: readPrice(params.get('minPrice') ?? params.get('min_price')),
    maxPrice: readPrice(params.get('maxPrice') ?? params.get('max_price')),
    sort: (CATALOGUE_SORTS as readonly string[]).includes(sort) ? (sort as CatalogueSort) : 'newest',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The query string for a set of filters; defaults are left out so URLs stay short. */
export function searchParamsFromFilters(filters: CatalogueFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.q.trim()) params.set('q', filters.q.trim());
  if (filters.category) params.set('category', filters.category);
  if (filters.region) params.set('region', filters.region);
  if (filters.minPrice !== null) params.set('minPrice', String(filters.minPrice));
  if (filters.maxPrice !== null) params.set('maxPrice', String(filters.maxPrice));
  if (filters.sort !== 'newest') params.set('sort', filters.sort);
  if (filters.page > 1) params.set('page', String(filters.page));
  return params;
}

/** GET /api/operations/catalogue. */
export function getCatalogue(
  filters: CatalogueFilters,
  pageSize: number,
  signal?: AbortSignal,
): Promise<CatalogueResponse> {
  const minPrice = filters.minPrice;
  const maxPrice =
    filters.maxPrice !== null && minPrice !== null && filters.maxPrice < minPrice ? null : filters.maxPrice;
  return apiRequest('/api/operations/catalogue', (contracts) => contracts.ZCatalogueResponse, {
    query: {
      q: filters.q.trim(),
      category: filters.category,
      region: filters.region,
      minPrice: minPrice ?? undefined,
      maxPrice: maxPrice ?? undefined,
      sort: filters.sort,
      page: filters.page,
      pageSize,
    },
    signal,
  });
}

export function catalogueQueryOptions(filters: CatalogueFilters, language: string, pageSize = CATALOGUE_PAGE_SIZE) {
  return queryOptions({
    // Titles come in the reader's language, so the language is part of the key.
    queryKey: operationKeys.catalogue(language, filters, pageSize),
    queryFn: ({ signal }) => getCatalogue(filters, pageSize, signal),
    // Keep the current cards on screen while the next filter's answer loads.
    placeholderData: keepPreviousData,
  });
}

export function useCatalogue(filters: CatalogueFilters, pageSize?: number) {
  const { i18n } = useTranslation();
  return useQuery(catalogueQueryOptions(filters, i18n.language, pageSize));
}
