import { type PayoutPreview, computePayoutSplit, payoutPreviewAmounts, sumPayoutSplits } from '@tradeops/shared';

/** A preview as the server answers it: each order split by the shared function that books it. */
export function buildPayoutPreview(
  action: PayoutPreview['action'],
  orders: { id: string; company: string; heldCents: number; refundCents?: number; holdbackCents?: number }[],
  feeBps = 200,
  digest = 'a'.repeat(43),
  decision: PayoutPreview['decision'] = null,
): PayoutPreview {
  const splits = orders.map((order) =>
    computePayoutSplit({
      heldCents: order.heldCents,
      refundCents: order.refundCents ?? 0,
      feeBps,
      holdbackCents: order.holdbackCents ?? 0,
    }),
  );
  const totals = sumPayoutSplits(splits);
  return {
    action,
    decision,
    sellerCompany: 'Lácteos del Sur',
    feeBps,
    lines: orders.map((order, index) => ({
      orderId: order.id,
      buyerCompany: order.company,
      ...payoutPreviewAmounts(splits[index]!),
    })),
    totals: payoutPreviewAmounts(totals),
    digest,
  };
}
