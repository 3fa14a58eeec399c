/** The admins' payment verification queue (split from payments.service.ts). */
import { MIME_TYPE_BY_FILE_TYPE, type PaymentReviewItem } from '@tradeops/shared';
import { and, count, eq } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { orders, operations, profiles, user } from '../../db/schema';
import { type Page, type PageQuery, operationTitleFor } from '@tradeops/shared';
import { fileTypeOfKey } from './payments.service';

const PAYMENT_QUEUE_KEYSET: Keyset = {
  at: orders.proofUploadedAt,
  id: orders.id,
  order: 'asc',
  idIsUuid: true,
};
const awaitingVerification = eq(orders.paymentStatus, 'verification');

/** How many proofs wait for an admin: the queue's total and the admin dashboard's figure (orders_verification_idx, index only). */
export async function countPaymentsToVerify(db: AppDatabase): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(awaitingVerification);
  return row?.n ?? 0;
}

/** The verification queue: proofs waiting for an admin, the oldest first, a page at a time, and how many wait. */
export async function listPaymentQueue(
  db: AppDatabase,
  language: string,
  page: PageQuery,
): Promise<Page<PaymentReviewItem>> {
  const [rows, waiting] = await Promise.all([
    db
      .select({
        cursorAt: cursorAtOf(PAYMENT_QUEUE_KEYSET),
        order: orders,
        title: operations.title,
        titleEn: operations.titleEn,
        fullName: profiles.fullName,
        companyName: profiles.companyName,
        email: user.email,
      })
      .from(orders)
      .innerJoin(operations, eq(operations.id, orders.operationId))
      .innerJoin(profiles, eq(profiles.id, orders.userId))
      .innerJoin(user, eq(user.id, orders.userId))
      .where(and(awaitingVerification, afterCursor(PAYMENT_QUEUE_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(PAYMENT_QUEUE_KEYSET))
      .limit(page.limit + 1),
    countPaymentsToVerify(db),
  ]);
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.order.id }),
    waiting,
    (kept) =>
      kept.map(({ order: p, ...row }) => {
        const fileType = fileTypeOfKey(p.paymentProofPath);
        return {
          id: p.id,
          operationId: p.operationId,
          operationTitle: operationTitleFor(row, language),
          buyerName: row.fullName,
          buyerEmail: row.email,
          companyName: row.companyName,
          volume: p.volume,
          amountCents: p.amountCents,
          paymentMethod: p.paymentMethod,
          paymentReference: p.paymentReference,
          proofUploadedAt: p.proofUploadedAt?.toISOString() ?? null,
          proofMimeType: fileType ? MIME_TYPE_BY_FILE_TYPE[fileType] : null,
          proofFileName: p.paymentProofPath ? `${p.paymentReference}.${fileType ?? 'bin'}` : null,
          proofRevision: p.proofRevision,
        };
      }),
  );
}
