import {
  type Language,
  type OfferReviewItem,
  type Page,
  type PageQuery,
  canApply,
  operationTitleFor,
} from '@tradeops/shared';
import { count, getViewSelectedFields } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { adminOfferReview } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { assertRouteNotEmbargoed } from '../compliance/compliance-gates.service';
import { getComplianceSettings } from '../compliance/compliance-settings.service';
import { loadRecipient, notifyUser } from '../notifications/notify';
import { lockExistingOperation, transition } from '../operations/operation-aggregate';

/*
 * The offer review (docs/glossary.md): an admin approves a seller's offer, publishing its operation, or
 * rejects it with a reason. Not KYC, which is about companies. The queue is the view admin_offer_review
 * (operations.review_status = 'pending').
 */

/** The offers waiting for a decision, oldest first, each titled in the admin's language. */
export async function listOffersAwaitingReview(
  db: AppDatabase,
  language: Language,
  page: PageQuery,
): Promise<Page<OfferReviewItem>> {
  const [rows, [waiting]] = await Promise.all([
    db
      .select({ ...getViewSelectedFields(adminOfferReview), cursorAt: cursorAtOf(OFFER_REVIEW_KEYSET) })
      .from(adminOfferReview)
      .where(afterCursor(OFFER_REVIEW_KEYSET, page.cursor))
      .orderBy(...keysetOrder(OFFER_REVIEW_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(adminOfferReview),
  ]);
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.id }),
    waiting?.n ?? 0,
    (kept) =>
      kept.map(({ titleEn, cursorAt: _cursorAt, ...row }) => ({
        ...row,
        title: operationTitleFor({ title: row.title, titleEn }, language),
        createdAt: new Date(row.createdAt).toISOString(),
      })),
  );
}

const OFFER_REVIEW_KEYSET: Keyset = {
  at: adminOfferReview.createdAt,
  id: adminOfferReview.id,
  order: 'asc',
  idIsUuid: true,
};

/** Approves a pending offer, if it is still the revision reviewed: its operation is published (active) from now on. */
export async function approveOffer(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  revision: number,
): Promise<void> {
  await decideOffer(db, admin, operationId, revision, null);
}

/** Rejects a pending offer with a reason (the seller may edit it and send it back to the queue). */
export async function rejectOffer(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  reason: string,
  revision: number,
): Promise<void> {
  await decideOffer(db, admin, operationId, revision, reason);
}

/**
 * The decision under the offer's row lock, on the pending offer at the reviewed revision: a seller's
 * edit takes the same lock and bumps the revision, so an edit that commits first makes the decision
 * refused (OFFER_CHANGED), and one that comes after finds the offer no longer editable.
 */
async function decideOffer(
  db: AppDatabase,
  admin: AuthContext,
  operationId: string,
  revision: number,
  rejectReason: string | null,
): Promise<void> {
  const isApproval = rejectReason === null;
  await db.transaction(async (tx) => {
    const now = new Date();
    const current = await lockExistingOperation(tx, operationId);
    if (current.reviewStatus !== 'pending' || current.revision !== revision) {
      throw new AppError(
        current.reviewStatus === 'pending' && current.revision !== revision ? 'OFFER_CHANGED' : 'CONFLICT',
      );
    }
    const event = isApproval ? 'approve' : 'reject';
    if (!canApply(current.status, event)) throw new AppError('CONFLICT');
    if (isApproval)
      assertRouteNotEmbargoed(current, { embargoed: (await getComplianceSettings(tx)).embargoedJurisdictions });
    const row = await transition(tx, current, event, {
      actorId: admin.user.id,
      now,
      action: isApproval ? 'operation.approved' : 'operation.rejected',
      reason: rejectReason,
      data: { revision },
      fields: isApproval
        ? { reviewStatus: 'approved', reviewRejectionReason: null, approvedAt: now, approvedBy: admin.user.id }
        : { reviewStatus: 'rejected', reviewRejectionReason: rejectReason },
    });
    const recipient = await loadRecipient(tx, row.sellerId);
    const title = operationTitleFor(row, recipient.language);
    await notifyUser(
      tx,
      recipient,
      {
        type: isApproval ? 'operation.approved' : 'operation.rejected',
        data: { operationId: row.id, operationTitle: title, ...(rejectReason ? { reason: rejectReason } : {}) },
      },
      isApproval
        ? {
            subjectKey: 'kyc.mail.operationApprovedSubject',
            textKey: 'kyc.mail.operationApprovedText',
            params: { title },
          }
        : {
            subjectKey: 'kyc.mail.operationRejectedSubject',
            textKey: 'kyc.mail.operationRejectedText',
            params: { title, reason: rejectReason },
          },
    );
  });
}
