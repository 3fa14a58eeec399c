import { type PayoutPreview, computePayoutSplit, sumPayoutSplits } from '@tradeops/shared';

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
    seller_company: 'Lácteos del Sur',
    fee_bps: feeBps,
    lines: orders.map((order, index) => ({
      order_id: order.id,
      buyer_company: order.company,
      held_cents: splits[index]!.heldCents,
      refund_cents: splits[index]!.refundCents,
      holdback_cents: splits[index]!.holdbackCents,
      gross_cents: splits[index]!.grossCents,
      fee_cents: splits[index]!.feeCents,
      net_cents: splits[index]!.netCents,
    })),
    totals: {
      held_cents: totals.heldCents,
      refund_cents: totals.refundCents,
      holdback_cents: totals.holdbackCents,
      gross_cents: totals.grossCents,
      fee_cents: totals.feeCents,
      net_cents: totals.netCents,
    },
    digest,
  };
}
