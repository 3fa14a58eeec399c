import { type OfferRequest } from '../offers/schemas';
import { isoDateInDays } from '../time';

/**
 * A seller's offer that passes every rule (20 t of Colombian green coffee at $5,200.50/t, open for
 * 20 days), as the wizard sends it; `overrides` change or break it. One example for every suite: the
 * schema's unit tests, the API tests and the end-to-end deals (`@tradeops/shared/testing`, never the app's bundle).
 */
export function buildOfferRequest(overrides: Partial<OfferRequest> = {}): OfferRequest {
  return {
    productName: 'Café verde',
    productCategory: 'coffee',
    type: 'export',
    title: 'Café verde de Colombia',
    titleEn: 'Colombian green coffee',
    description: 'Café verde lavado, grado excelso.',
    descriptionEn: 'Washed green coffee, excelso grade.',
    originCountry: 'CO',
    destinationCountry: 'ES',
    arrivalPort: 'Valencia',
    totalTons: 20,
    minVolume: 5,
    maxPerParticipantTons: 10,
    priceUsd: 5200.5,
    deadline: isoDateInDays(20),
    expectedDeparture: isoDateInDays(30),
    expectedArrival: isoDateInDays(50),
    incoterm: 'CIF',
    namedPlace: 'Valencia',
    shipmentFrom: isoDateInDays(28),
    shipmentTo: isoDateInDays(35),
    quantityTolerancePercent: 5,
    qualitySpecification: 'Excelso, malla 15+, humedad máx. 12 %',
    inspectionBody: 'SGS',
    insurancePayer: 'seller',
    insuredPercent: 110,
    paymentTerms: null,
    ...overrides,
  };
}
