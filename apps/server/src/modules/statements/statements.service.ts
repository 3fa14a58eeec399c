import {
  type BuyerStatement,
  type SellerStatement,
  type StatementIssuer,
  type StatementMovement,
  type StatementParty,
  ZContractSnapshot,
  buyerStatementNumber,
  operationReference,
  operationTitleFor,
  sellerStatementNumber,
} from '@tradeops/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type Queryable } from '../../db/client';
import { auditLog, ledgerTransfers, operations, orders, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { readTransfersWithEntries } from '../escrow/read-escrow.service';
import { type PlatformSettings, getPlatformSettings } from '../settings/settings.service';

/**
 * Statements read the escrow ledger (they never write it): a buyer's movements per order,
 * a seller's payouts per operation. Each names the ledger transfer it comes from.
 */

type TransferWithEntries = typeof ledgerTransfers.$inferSelect & {
  entries: { account: string; amountCents: number }[];
};

function sumOf(transfer: TransferWithEntries, prefix: string): number {
  return transfer.entries
    .filter((entry) => entry.account.startsWith(prefix))
    .reduce((total, entry) => total + entry.amountCents, 0);
}

/** A buyer's movements from the ledger: the deposit, then what went to the seller and what came back. */
export function toMovements(transfers: TransferWithEntries[]): StatementMovement[] {
  const movements: StatementMovement[] = [];
  for (const transfer of transfers) {
    const createdAt = transfer.createdAt.toISOString();
    if (transfer.kind === 'deposit') {
      movements.push({
        transferId: transfer.id,
        kind: 'deposit',
        amountCents: sumOf(transfer, 'escrow:'),
        createdAt,
      });
      continue;
    }
    if (transfer.kind !== 'release' && transfer.kind !== 'refund') continue;
    const paidOut = -sumOf(transfer, 'escrow:');
    const refunded = sumOf(transfer, 'buyer:');
    if (paidOut - refunded > 0) {
      movements.push({
        transferId: transfer.id,
        kind: 'release',
        amountCents: paidOut - refunded,
        createdAt,
      });
    }
    if (refunded > 0) {
      movements.push({ transferId: transfer.id, kind: 'refund', amountCents: refunded, createdAt });
    }
  }
  return movements;
}

/** The letterhead: the platform's company as an admin set it, or the product's name until then. */
function issuerOf(company: PlatformSettings['platformCompany']): StatementIssuer {
  if (!company) return { legalName: 'TradeOps', address: null, taxId: null };
  return { legalName: company.legalName, address: company.address, taxId: company.taxId.trim() || null };
}

function partyOf(profile: { companyName: string; taxId: string | null; country: string | null }): StatementParty {
  return { legalName: profile.companyName, taxId: profile.taxId?.trim() || null, country: profile.country };
}

const sellerProfiles = alias(profiles, 'seller_profiles');

/** The statement of one order, for its buyer only: anyone else is told it does not exist. */
export async function getBuyerStatement(
  db: Queryable,
  userId: string,
  orderId: string,
  language: string,
  now = new Date(),
): Promise<BuyerStatement> {
  const [row] = await db
    .select({
      order: orders,
      title: operations.title,
      titleEn: operations.titleEn,
      referenceNumber: operations.referenceNumber,
      pricePerTonCents: operations.pricePerTonCents,
      tradeTerms: operations.tradeTerms,
      buyer: { companyName: profiles.companyName, taxId: profiles.taxId, country: profiles.country },
      seller: {
        companyName: sellerProfiles.companyName,
        taxId: sellerProfiles.taxId,
        country: sellerProfiles.country,
      },
    })
    .from(orders)
    .innerJoin(operations, eq(operations.id, orders.operationId))
    .innerJoin(profiles, eq(profiles.id, orders.userId))
    .innerJoin(sellerProfiles, eq(sellerProfiles.id, operations.sellerId))
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)));
  if (!row) throw new AppError('ORDER_NOT_FOUND');
  const transfers = await readTransfersWithEntries(db, eq(ledgerTransfers.orderId, orderId));
  const { escrowBankDetails, platformCompany } = await getPlatformSettings(db);
  const order = row.order;
  return {
    statementNumber: buyerStatementNumber(order.paymentReference, transfers.length),
    issuer: issuerOf(platformCompany),
    buyer: partyOf(row.buyer),
    seller: partyOf(row.seller),
    order: {
      id: order.id,
      operationId: order.operationId,
      operationReference: operationReference(row.referenceNumber),
      operationTitle: operationTitleFor(row, language),
      paymentReference: order.paymentReference,
      volume: order.volume,
      pricePerTonCents: row.pricePerTonCents,
      amountCents: order.amountCents,
      createdAt: order.createdAt.toISOString(),
      termsVersion: order.termsVersion,
    },
    // The terms the buyer accepted (the contract's copy), else the deal's for an order older than contracts.
    tradeTerms: ZContractSnapshot.safeParse(order.contractTerms).data?.trade_terms ?? row.tradeTerms,
    escrowBank: escrowBankDetails,
    movements: toMovements(transfers),
    heldCents: transfers.reduce((total, transfer) => total + sumOf(transfer, 'escrow:'), 0),
    generatedAt: now.toISOString(),
  };
}

/** The payouts of one operation, for its seller only: anyone else is told it does not exist. */
export async function getSellerStatement(
  db: Queryable,
  userId: string,
  operationId: string,
  language: string,
  now = new Date(),
): Promise<SellerStatement> {
  const [row] = await db
    .select({
      operation: operations,
      seller: { companyName: profiles.companyName, taxId: profiles.taxId, country: profiles.country },
    })
    .from(operations)
    .innerJoin(profiles, eq(profiles.id, operations.sellerId))
    .where(and(eq(operations.id, operationId), eq(operations.sellerId, userId)));
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  const { operation } = row;
  const transfers = (
    await readTransfersWithEntries(
      db,
      and(eq(ledgerTransfers.operationId, operationId), inArray(ledgerTransfers.kind, ['release', 'refund'])),
    )
  ).filter((transfer) => sumOf(transfer, 'seller:') + sumOf(transfer, 'platform:') > 0);
  const orderIds = [...new Set(transfers.map((transfer) => transfer.orderId!))];
  const orderRows =
    orderIds.length === 0
      ? []
      : await db
          .select({
            id: orders.id,
            reference: orders.paymentReference,
            volume: orders.volume,
            company: profiles.companyName,
            taxId: profiles.taxId,
            country: profiles.country,
          })
          .from(orders)
          .leftJoin(profiles, eq(profiles.id, orders.userId))
          .where(inArray(orders.id, orderIds));
  const fees =
    transfers.length === 0
      ? []
      : await db
          .select({ transferId: auditLog.entityId, data: auditLog.data })
          .from(auditLog)
          .where(
            and(
              eq(auditLog.action, 'escrow.platform_fee'),
              inArray(
                auditLog.entityId,
                transfers.map((transfer) => transfer.id),
              ),
            ),
          );
  const orderById = new Map(orderRows.map((order) => [order.id, order]));
  const rateByTransfer = new Map(
    fees.map((fee) => [fee.transferId, (fee.data as { feeBps?: unknown }).feeBps] as const),
  );
  const payouts = transfers.map((transfer) => {
    const net = sumOf(transfer, 'seller:');
    const fee = sumOf(transfer, 'platform:');
    const order = orderById.get(transfer.orderId!);
    const rate = rateByTransfer.get(transfer.id);
    return {
      transferId: transfer.id,
      orderId: transfer.orderId!,
      paymentReference: order?.reference ?? '',
      buyer: order?.company
        ? partyOf({ companyName: order.company, taxId: order.taxId, country: order.country })
        : null,
      volume: order?.volume ?? 0,
      grossCents: net + fee,
      feeCents: fee,
      feeBps: typeof rate === 'number' ? rate : null,
      netCents: net,
      tranche: transfer.tranche,
      createdAt: transfer.createdAt.toISOString(),
    };
  });
  const { platformFeeBps, platformCompany } = await getPlatformSettings(db);
  return {
    statementNumber: sellerStatementNumber(operation.referenceNumber, payouts.length),
    issuer: issuerOf(platformCompany),
    seller: partyOf(row.seller),
    operation: {
      id: operation.id,
      reference: operationReference(operation.referenceNumber),
      title: operationTitleFor(operation, language),
      status: operation.status,
      totalTons: operation.totalTons,
      pricePerTonCents: operation.pricePerTonCents,
      tradeTerms: operation.tradeTerms,
    },
    payouts,
    totals: {
      grossCents: payouts.reduce((total, payout) => total + payout.grossCents, 0),
      feeCents: payouts.reduce((total, payout) => total + payout.feeCents, 0),
      netCents: payouts.reduce((total, payout) => total + payout.netCents, 0),
    },
    currentFeeBps: platformFeeBps,
    generatedAt: now.toISOString(),
  };
}
