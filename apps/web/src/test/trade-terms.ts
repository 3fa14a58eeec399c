import { type TradeTerms } from '@tradeops/shared';

/** A deal's trade terms as the API answers them (the featured milk powder's: CIF La Guaira, SGS). */
export const TEST_TRADE_TERMS: TradeTerms = {
  incoterm: 'CIF',
  namedPlace: 'La Guaira',
  shipmentFrom: '2099-04-05',
  shipmentTo: '2099-04-19',
  quantityTolerancePercent: 5,
  qualitySpecification: 'Grasa 26 % mín., humedad 4 % máx.',
  inspectionBody: 'SGS Venezuela',
  insurancePayer: 'seller',
  insuredPercent: 110,
  paymentTerms: null,
};
