/** Price-per-ton bands of the search filters (USD); one list for the landing and the catalogue. */
export const PRICE_RANGES = [
  { key: 'under-1000', min: null, max: 1000 },
  { key: '1000-5000', min: 1000, max: 5000 },
  { key: '5000-10000', min: 5000, max: 10000 },
  { key: 'over-10000', min: 10000, max: null },
] as const satisfies readonly { key: string; min: number | null; max: number | null }[];

export type PriceRangeKey = (typeof PRICE_RANGES)[number]['key'];

export function priceRangeKeyOf(min: number | null, max: number | null): PriceRangeKey | '' {
  return PRICE_RANGES.find((range) => range.min === min && range.max === max)?.key ?? '';
}
