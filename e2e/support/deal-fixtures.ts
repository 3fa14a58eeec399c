/**
 * The seeded operations each `deals` spec may change (e2e/deals runs on its own server,
 * but its specs run in parallel with each other): one spec, its own operations, so no
 * spec sees another's orders. Keys are the demo operation keys of
 * apps/server/src/db/seed/demo-operations.ts; ids come from the API (GET /api/operations).
 * Add a line when a new spec needs an operation; never share one.
 *
 * e2e/deals/full-flow.spec.ts and e2e/deals/trade-journey.spec.ts take no seeded operation: their
 * sellers publish new ones through the wizard. Both set this server's fund retention to 0 days
 * (/admin/settings) so the deal settles the day its inspection passes; a spec
 * that needs the 30-day default must set it back itself.
 */
export const DEAL_FIXTURES = {
  /** e2e/deals/participate-and-pay.spec.ts: order, proof upload, admin confirmation. */
  participateAndPay: 'refined-sugar',
  /** e2e/deals/live-allocation.spec.ts: two buyers fill an operation; the waiting page follows live. */
  liveAllocation: 'soybeans',
  /** e2e/deals/deal-room-messages.spec.ts: the seller and an admin talk in the deal room, live. */
  dealRoomMessages: 'mandarins',
  /** e2e/deals/statements-and-terms.spec.ts: an English order that needs the terms accepted. */
  termsAndStatements: 'arabica-coffee',
  /** e2e/deals/money-confirmations.spec.ts: a payment confirmed and the operation cancelled, each after its dialog (es). */
  moneyConfirmationsEs: 'yellow-corn',
  /** e2e/deals/money-confirmations.spec.ts: the same in English. */
  moneyConfirmationsEn: 'long-grain-rice',
  /** e2e/deals/spanish-stays-spanish.spec.ts: a Spanish and an English buyer order 5 t each (order and payment pages). */
  spanishStaysSpanishOrders: 'whole-milk-powder',
  /** e2e/deals/spanish-stays-spanish.spec.ts: one order paid, shipped, failed at inspection, partly refunded (ledger memos). */
  spanishStaysSpanishLedger: 'green-coffee',
  /** e2e/deals/disputes.spec.ts: a failed inspection shown failed (es, en); a buyer's dispute decided partial (es, en). */
  failedInspectionEs: 'robusta-coffee',
  failedInspectionEn: 'cocoa-beans',
  buyerDisputeEs: 'mozzarella',
  buyerDisputeEn: 'apples',
  /** e2e/deals/live-status.spec.ts: an admin's confirmation reaches the participate page live (Spanish). */
  liveStatusConfirmEs: 'bread-wheat',
  /** e2e/deals/live-status.spec.ts: the same in English. */
  liveStatusConfirmEn: 'sunflower-oil',
  /** e2e/deals/live-status.spec.ts: the same at phone width, then the deal room's timeline and what is missing. */
  liveStatusPhone: 'brown-sugar',
  /** e2e/deals/live-status.spec.ts: an admin's rejection reaches the participate page live. */
  liveStatusReject: 'cocoa-liquor',
  /** e2e/deals/live-status.spec.ts: a second buyer fills the deal without paying (allocated, not funded). */
  liveStatusFilled: 'frozen-beef',
  /** e2e/deals/cancel-order.spec.ts: a buyer cancels an unpaid order on the participate page; its tons return. */
  cancelOrder: 'beef-cuts',
  /**
   * e2e/deals/partner-departure.spec.ts: the featured deal (its logistics partner is seeded), filled by a
   * new buyer, shipped; statements-and-terms only reads its seeded deposit, which this leaves alone.
   */
  partnerDeparture: 'milk-powder-regular',
} as const;
