import { COUNTRY_CODES, type OperationDetail, PRODUCT_CATEGORIES } from '@tradeops/shared';
import { EMPTY_OFFER, type OfferFormValues } from './use-offer-draft';

const isCountry = (code: string) => (COUNTRY_CODES as readonly string[]).includes(code);
/** A date of the deal worth keeping: one from today on (a past date would only be refused). */
const futureDate = (value: string | null | undefined, today: string) =>
  value && value.slice(0, 10) >= today ? value.slice(0, 10) : '';

/**
 * The wizard's starting values for an offer like an operation on the catalogue (its public data):
 * the product, category, type, route, port, tonnage, minimum lot and price, and its dates while they
 * are still ahead. The seller's own words (title, description) and their cap per buyer stay theirs.
 */
export function offerDraftFromOperation(operation: OperationDetail, today: string): OfferFormValues {
  return {
    ...EMPTY_OFFER,
    productName: operation.product_name,
    productCategory: (PRODUCT_CATEGORIES as readonly string[]).includes(operation.product_category)
      ? operation.product_category
      : '',
    type: operation.type,
    originCountry: isCountry(operation.origin_country) ? operation.origin_country : '',
    destinationCountry: isCountry(operation.destination_country) ? operation.destination_country : '',
    arrivalPort: operation.arrival_port ?? '',
    totalTons: String(operation.total_tons),
    minVolume: String(operation.min_volume),
    priceUsd: String(operation.price_usd),
    deadline: futureDate(operation.deadline, today),
    expectedDeparture: futureDate(operation.expected_departure, today),
    expectedArrival: futureDate(operation.expected_arrival, today),
  };
}
