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
    productName: operation.productName,
    productCategory: (PRODUCT_CATEGORIES as readonly string[]).includes(operation.productCategory)
      ? operation.productCategory
      : '',
    type: operation.type,
    originCountry: isCountry(operation.originCountry) ? operation.originCountry : '',
    destinationCountry: isCountry(operation.destinationCountry) ? operation.destinationCountry : '',
    arrivalPort: operation.arrivalPort ?? '',
    totalTons: String(operation.totalTons),
    minVolume: String(operation.minVolume),
    priceUsd: String(operation.priceUsd),
    deadline: futureDate(operation.deadline, today),
    expectedDeparture: futureDate(operation.expectedDeparture, today),
    expectedArrival: futureDate(operation.expectedArrival, today),
  };
}
