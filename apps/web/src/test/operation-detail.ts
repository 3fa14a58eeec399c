import { NEW_SELLER_RECORD, type OperationDetail } from '@tradeops/shared';
import { buildOperation } from './render';
import { TEST_TRADE_TERMS } from './trade-terms';

/**
 * An operation's detail as GET /api/operations/{id} answers it: the featured milk powder (buildOperation)
 * to La Guaira, 2 of 5 participants, no partners, sheet or badges, a new seller's record. Tests override
 * what they are about.
 */
export function buildOperationDetail(overrides: Partial<OperationDetail> = {}): OperationDetail {
  return {
    ...buildOperation(),
    description: 'Importación agrupada.',
    arrivalPort: 'La Guaira',
    warehouse: null,
    specification: null,
    tradeTerms: TEST_TRADE_TERMS,
    expectedDeparture: null,
    expectedArrival: null,
    containerTons: 25,
    lotStepTons: 5,
    participants: 2,
    maxParticipants: 5,
    totalPriceUsd: 107_500,
    partners: [],
    specSheet: null,
    stats: { views: 1, watchers: 0, comments: 0 },
    isWatching: false,
    isOwnOperation: false,
    badges: [],
    sellerRecord: { ...NEW_SELLER_RECORD },
    similar: [],
    ...overrides,
  };
}
