import { useTranslation } from 'react-i18next';
import { formatUsdAmount } from '../../../lib/format';
import { PRICE_RANGES } from '../price-ranges';

/** The options of a price-per-ton select: any price, then the bands. */
export function PriceRangeOptions() {
  const { t, i18n } = useTranslation();
  const usd = (value: number) => formatUsdAmount(value, i18n.language);
  return (
    <>
      <option value="">{t('search.anyPrice')}</option>
      {PRICE_RANGES.map((range) => (
        <option key={range.key} value={range.key}>
          {range.min === null
            ? t('search.priceUpTo', { max: usd(range.max) })
            : range.max === null
              ? t('search.priceFrom', { min: usd(range.min) })
              : t('search.priceBetween', { min: usd(range.min), max: usd(range.max) })}
        </option>
      ))}
    </>
  );
}
