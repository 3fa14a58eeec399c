import { type BuyerOrder, type Language, type Page, type PageQuery } from '@tradeops/shared';
import { and, count, eq } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { orders, operations } from '../../db/schema';
import { getEscrowStates, getPayoutDates } from '../escrow/read-escrow.service';
import { getLatestDisputeStates } from '../lifecycle/dispute-records.service';
import { pickTitle } from '../operations/operations.service';

/** Newest first: the order of orders_user_idx (user_id, created_at desc, id desc), so a page is an index range. */
const BUYER_ORDERS_KEYSET: Keyset = { at: orders.createdAt, id: orders.id, order: 'desc', idIsUuid: true };

/**
 * The buyer's orders, newest first, a page at a time with how many there are: each with its deal,
 * payment, escrow state (from the ledger, for the page's orders only), payout date and the deal's
 * latest dispute. Every order, ended ones too: the buyer's history.
 */
export async function listBuyerOrders(
  db: Queryable,
  userId: string,
  lang: Language,
  page: PageQuery,
): Promise<Page<BuyerOrder>> {
  const [rows, [all]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(BUYER_ORDERS_KEYSET), order: orders, operation: operations })
      .from(orders)
      .innerJoin(operations, eq(operations.id, orders.operationId))
      .where(and(eq(orders.userId, userId), afterCursor(BUYER_ORDERS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(BUYER_ORDERS_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(orders).where(eq(orders.userId, userId)),
  ]);
  const kept = rows.slice(0, page.limit);
  const ids = kept.map((row) => row.order.id);
  const [escrow, payoutDates, disputes] = await Promise.all([
    getEscrowStates(db, ids),
    getPayoutDates(db, ids),
    getLatestDisputeStates(db, [...new Set(kept.map((row) => row.operation.id))]),
  ]);
  return toPage(
    rows,
    page,
    ({ cursorAt, order }) => ({ at: cursorAt, id: order.id }),
    all?.n ?? 0,
    (pageRows) =>
      pageRows.map(({ order, operation }) => ({
        id: order.id,
        operationId: operation.id,
        operationTitle: pickTitle(operation, lang),
        productName: operation.productName,
        operationStatus: operation.status,
        volume: order.volume,
        amountCents: order.amountCents,
        paymentMethod: order.paymentMethod,
        paymentStatus: order.paymentStatus,
        status: order.status,
        escrowState: escrow.get(order.id)?.state ?? ('none' as const),
        escrowHeldCents: escrow.get(order.id)?.heldCents ?? 0,
        refundedCents: escrow.get(order.id)?.refundedCents ?? 0,
        paidOutAt: payoutDates.get(order.id)?.toISOString() ?? null,
        dispute: disputes.get(operation.id) ?? null,
        createdAt: order.createdAt.toISOString(),
      })),
  );
}
