import { PRODUCT_CATEGORIES, type ProductCategory } from '@tradeops/shared';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../lib/i18n';
import { type CatalogueFilters } from '../api/get-catalogue';
import { PRICE_RANGES, priceRangeKeyOf } from '../price-ranges';
import { PriceRangeOptions } from './price-range-options';

const LABEL_CLASSES = 'mb-1 block text-xs font-semibold text-slate-600';

/**
 * The catalogue's three filters (product type, region, price range), shared by the landing's
 * search box and the /operations sidebar: each change is handed to `onChange` as a partial filter.
 */
export function CatalogueFilterFields({
  idPrefix,
  filters,
  regions,
  onChange,
  fieldClassName,
}: {
  idPrefix: string;
  filters: CatalogueFilters;
  /** The regions that have operations (the catalogue's facets). */
  regions: readonly string[];
  onChange: (change: Partial<CatalogueFilters>) => void;
  fieldClassName: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div>
        <label htmlFor={`${idPrefix}-category`} className={LABEL_CLASSES}>
          {t('search.productType')}
        </label>
        <select
          id={`${idPrefix}-category`}
          value={filters.category}
          onChange={(event) => onChange({ category: event.target.value as ProductCategory | '' })}
          className={fieldClassName}
        >
          <option value="">{t('search.anyProduct')}</option>
          {PRODUCT_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {t(`productCategories.${category}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-region`} className={LABEL_CLASSES}>
          {t('search.region')}
        </label>
        <select
          id={`${idPrefix}-region`}
          value={filters.region}
          onChange={(event) => onChange({ region: event.target.value })}
          className={fieldClassName}
        >
          <option value="">{t('search.anyRegion')}</option>
          {regions.map((code) => (
            <option key={code} value={code}>
              {countryName(t, code)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${idPrefix}-price`} className={LABEL_CLASSES}>
          {t('search.priceRange')}
        </label>
        <select
          id={`${idPrefix}-price`}
          value={priceRangeKeyOf(filters.minPrice, filters.maxPrice)}
          onChange={(event) => {
            const range = PRICE_RANGES.find((item) => item.key === event.target.value);
            onChange({ minPrice: range?.min ?? null, maxPrice: range?.max ?? null });
          }}
          className={fieldClassName}
        >
          <PriceRangeOptions />
        </select>
      </div>
    </>
  );
}
