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
    arrival_port: 'La Guaira',
    warehouse: null,
    specification: null,
    trade_terms: TEST_TRADE_TERMS,
    expected_departure: null,
    expected_arrival: null,
    container_tons: 25,
    lot_step_tons: 5,
    participants: 2,
    max_participants: 5,
    total_price_usd: 107_500,
    partners: [],
    spec_sheet: null,
    stats: { views: 1, watchers: 0, comments: 0 },
    is_watching: false,
    is_own_operation: false,
    badges: [],
    seller_record: { ...NEW_SELLER_RECORD },
    similar: [],
    ...overrides,
  };
}
