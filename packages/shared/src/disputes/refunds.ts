import { isWholeCents, usdToCents } from '../money/money';

/**
 * The rules of a dispute's partial refund, one place for the admin's form and the server: every
 * buyer still holding money gets an amount typed by the admin (0 only when typed: a blank is not
 * $0), within what that buyer holds in escrow, and no amount names an order outside the deal.
 */

/** An amount as the admin types it (US dollars, a point or a comma for cents) in whole cents, or why not. */
export function parseRefundText(
  text: string,
): { cents: number } | { error: 'lifecycle.refundRequired' | 'lifecycle.refundInvalid' } {
  const trimmed = text.trim();
  if (trimmed === '') return { error: 'lifecycle.refundRequired' };
  if (!/^\d+(?:[.,]\d{1,2})?$/.test(trimmed)) return { error: 'lifecycle.refundInvalid' };
  const usd = Number(trimmed.replace(',', '.'));
  if (!isWholeCents(usd) || !Number.isSafeInteger(usdToCents(usd))) return { error: 'lifecycle.refundInvalid' };
  return { cents: usdToCents(usd) };
}

export type PartialRefundProblem =
  { kind: 'missing'; orderId: string } | { kind: 'exceeds'; orderId: string } | { kind: 'unknown'; orderId: string };

/** What is wrong with a partial refund's amounts (cents per order id) for the orders that hold money; empty when nothing. */
export function findPartialRefundProblems(
  holdings: readonly { id: string; heldCents: number }[],
  refunds: Readonly<Record<string, number>>,
): PartialRefundProblem[] {
  const problems: PartialRefundProblem[] = [];
  const holding = new Map(holdings.filter((order) => order.heldCents > 0).map((order) => [order.id, order.heldCents]));
  for (const orderId of Object.keys(refunds)) {
    if (!holding.has(orderId)) problems.push({ kind: 'unknown', orderId });
  }
  for (const [orderId, heldCents] of holding) {
    const cents = refunds[orderId];
    if (cents === undefined) problems.push({ kind: 'missing', orderId });
    else if (cents > heldCents) problems.push({ kind: 'exceeds', orderId });
  }
  return problems;
}
