import {
  type Language,
  type OfferDetail,
  type OfferParticipant,
  type Page,
  type PageQuery,
  type SellerOffer,
  centsToUsd,
  toIsoDate,
} from '@tradeops/shared';
import { and, count, eq, inArray } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { orders, operations, profiles } from '../../db/schema';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { getEscrowHeldByOperation, getEscrowStates } from '../escrow/read-escrow.service';
import { pickTitle } from '../operations/operations.service';
import { type OperationRow, canEdit, canWithdrawStatus, findOwnOffer } from './offer-rules';

/* What a seller reads of their offers: the list, one offer for its edit form, and who takes part. */

const SELLER_OFFERS_KEYSET: Keyset = { at: operations.createdAt, id: operations.id, order: 'desc', idIsUuid: true };

/** The seller's offers, newest first, a page at a time with how many there are, with live participants and escrow held. */
export async function listSellerOffers(
  db: Queryable,
  sellerId: string,
  lang: Language,
  page: PageQuery,
): Promise<Page<SellerOffer>> {
  const [rows, [all]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(SELLER_OFFERS_KEYSET), row: operations })
      .from(operations)
      .where(and(eq(operations.sellerId, sellerId), afterCursor(SELLER_OFFERS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(SELLER_OFFERS_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(operations).where(eq(operations.sellerId, sellerId)),
  ]);
  const kept = rows.slice(0, page.limit);
  const offers = await toSellerOffers(
    db,
    kept.map(({ row }) => row),
    lang,
  );
  return toPage(
    rows,
    page,
    ({ cursorAt, row }) => ({ at: cursorAt, id: row.id }),
    all?.n ?? 0,
    () => offers,
  );
}

async function toSellerOffers(db: Queryable, rows: OperationRow[], lang: Language): Promise<SellerOffer[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  // Counted per operation from the partial index of live orders (an index-only scan), not row by row.
  const participantRows = await db
    .select({ operationId: orders.operationId, n: count() })
    .from(orders)
    .where(and(inArray(orders.operationId, ids), eq(orders.status, 'active')))
    .groupBy(orders.operationId);
  // What each operation's escrow account holds: its maintained balance, not a sum over its orders' ledger entries.
  const held = await getEscrowHeldByOperation(db, ids);
  const live = new Map<string, number>();
  for (const row of participantRows) live.set(row.operationId, row.n);
  return rows.map((row) => {
    const participants = live.get(row.id) ?? 0;
    return {
      id: row.id,
      title: pickTitle(row, lang),
      productName: row.productName,
      originCountry: row.originCountry,
      destinationCountry: row.destinationCountry,
      status: row.status,
      reviewStatus: row.reviewStatus,
      reviewRejectReason: row.reviewStatus === 'rejected' ? row.reviewRejectionReason : null,
      totalTons: row.totalTons,
      allocatedTons: row.allocatedTons,
      pricePerTonCents: row.pricePerTonCents,
      participants,
      escrowHeldCents: held.get(row.id) ?? 0,
      imageUrl: row.imagePath,
      hasSpecSheet: row.productSpecId !== null,
      deadline: row.deadline ? row.deadline.toISOString() : null,
      createdAt: row.createdAt.toISOString(),
      canEdit: canEdit(row),
      canWithdraw: canWithdrawStatus(row) && participants === 0 && row.allocatedTons === 0,
    };
  });
}

/** One offer with its form values, for the edit form. */
export async function getOfferDetail(
  db: Queryable,
  auth: AuthContext,
  id: string,
  lang: Language,
): Promise<OfferDetail> {
  const row = await findOwnOffer(db, auth, id);
  const [offer] = await toSellerOffers(db, [row], lang);
  return {
    offer: offer!,
    values: {
      productName: row.productName,
      productCategory: row.productCategory,
      type: row.type,
      title: row.title,
      titleEn: row.titleEn,
      description: row.description,
      descriptionEn: row.descriptionEn,
      originCountry: row.originCountry,
      destinationCountry: row.destinationCountry,
      arrivalPort: row.arrivalPort ?? '',
      specification: row.specification,
      specificationEn: row.specificationEn,
      totalTons: row.totalTons,
      minVolume: row.minVolume,
      maxPerParticipantTons: row.maxPerParticipantTons ?? row.totalTons,
      priceUsd: centsToUsd(row.pricePerTonCents),
      deadline: row.deadline ? toIsoDate(row.deadline) : '',
      expectedDeparture: row.expectedDeparture ?? '',
      expectedArrival: row.expectedArrival ?? '',
      ...row.tradeTerms,
    },
  };
}

const OFFER_ORDERS_KEYSET: Keyset = {
  at: orders.createdAt,
  id: orders.id,
  order: 'asc',
  idIsUuid: true,
};

/**
 * Who takes part in an offer, a page at a time in the order they ordered (every order, ended ones
 * too), with how many orders it has: company, tons, payment, and the escrow state of the page's
 * orders only. The page is read from the operation's orders alone (orders_operation_idx,
 * then sorted: a deal's orders are few), its companies and escrow states for its rows only.
 */
export async function listOfferParticipants(
  db: Queryable,
  auth: AuthContext,
  id: string,
  page: PageQuery,
): Promise<Page<OfferParticipant>> {
  await findOwnOffer(db, auth, id);
  const [rows, [all]] = await Promise.all([
    db
      .select({
        cursorAt: cursorAtOf(OFFER_ORDERS_KEYSET),
        id: orders.id,
        userId: orders.userId,
        volume: orders.volume,
        amountCents: orders.amountCents,
        paymentStatus: orders.paymentStatus,
        status: orders.status,
        createdAt: orders.createdAt,
      })
      .from(orders)
      .where(and(eq(orders.operationId, id), afterCursor(OFFER_ORDERS_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(OFFER_ORDERS_KEYSET))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(orders).where(eq(orders.operationId, id)),
  ]);
  const kept = rows.slice(0, page.limit);
  const [escrow, companies] = await Promise.all([
    getEscrowStates(
      db,
      kept.map((row) => row.id),
    ),
    kept.length === 0
      ? []
      : db
          .select({ id: profiles.id, companyName: profiles.companyName })
          .from(profiles)
          .where(inArray(profiles.id, [...new Set(kept.map((row) => row.userId))])),
  ]);
  const companyOf = new Map(companies.map((company) => [company.id, company.companyName]));
  return toPage(
    rows,
    page,
    (row) => ({ at: row.cursorAt, id: row.id }),
    all?.n ?? 0,
    (pageRows) =>
      pageRows.map(({ cursorAt: _cursorAt, userId, ...row }) => ({
        ...row,
        companyName: companyOf.get(userId) ?? '',
        escrowState: escrow.get(row.id)?.state ?? 'none',
        createdAt: row.createdAt.toISOString(),
      })),
  );
}
