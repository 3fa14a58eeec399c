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
        transfer_id: transfer.id,
        kind: 'deposit',
        amount_cents: sumOf(transfer, 'escrow:'),
        created_at: createdAt,
      });
      continue;
    }
    if (transfer.kind !== 'release' && transfer.kind !== 'refund') continue;
    const paidOut = -sumOf(transfer, 'escrow:');
    const refunded = sumOf(transfer, 'buyer:');
    if (paidOut - refunded > 0) {
      movements.push({
        transfer_id: transfer.id,
        kind: 'release',
        amount_cents: paidOut - refunded,
        created_at: createdAt,
      });
    }
    if (refunded > 0) {
      movements.push({ transfer_id: transfer.id, kind: 'refund', amount_cents: refunded, created_at: createdAt });
    }
  }
  return movements;
}

/** The letterhead: the platform's company as an admin set it, or the product's name until then. */
function issuerOf(company: PlatformSettings['platformCompany']): StatementIssuer {
  if (!company) return { legal_name: 'TradeOps', address: null, tax_id: null };
  return { legal_name: company.legal_name, address: company.address, tax_id: company.tax_id.trim() || null };
}

function partyOf(profile: { companyName: string; taxId: string | null; country: string | null }): StatementParty {
  return { legal_name: profile.companyName, tax_id: profile.taxId?.trim() || null, country: profile.country };
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
    statement_number: buyerStatementNumber(order.paymentReference, transfers.length),
    issuer: issuerOf(platformCompany),
    buyer: partyOf(row.buyer),
    seller: partyOf(row.seller),
    order: {
      id: order.id,
      operation_id: order.operationId,
      operation_reference: operationReference(row.referenceNumber),
      operation_title: operationTitleFor(row, language),
      payment_reference: order.paymentReference,
      volume: order.volume,
      price_per_ton_cents: row.pricePerTonCents,
      amount_cents: order.amountCents,
      created_at: order.createdAt.toISOString(),
      terms_version: order.termsVersion,
    },
    // The terms the buyer accepted (the contract's copy), else the deal's for an order older than contracts.
    trade_terms: ZContractSnapshot.safeParse(order.contractTerms).data?.trade_terms ?? row.tradeTerms,
    escrow_bank: escrowBankDetails,
    movements: toMovements(transfers),
    held_cents: transfers.reduce((total, transfer) => total + sumOf(transfer, 'escrow:'), 0),
    generated_at: now.toISOString(),
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
      transfer_id: transfer.id,
      order_id: transfer.orderId!,
      payment_reference: order?.reference ?? '',
      buyer: order?.company
        ? partyOf({ companyName: order.company, taxId: order.taxId, country: order.country })
        : null,
      volume: order?.volume ?? 0,
      gross_cents: net + fee,
      fee_cents: fee,
      fee_bps: typeof rate === 'number' ? rate : null,
      net_cents: net,
      tranche: transfer.tranche,
      created_at: transfer.createdAt.toISOString(),
    };
  });
  const { platformFeeBps, platformCompany } = await getPlatformSettings(db);
  return {
    statement_number: sellerStatementNumber(operation.referenceNumber, payouts.length),
    issuer: issuerOf(platformCompany),
    seller: partyOf(row.seller),
    operation: {
      id: operation.id,
      reference: operationReference(operation.referenceNumber),
      title: operationTitleFor(operation, language),
      status: operation.status,
      total_tons: operation.totalTons,
      price_per_ton_cents: operation.pricePerTonCents,
      trade_terms: operation.tradeTerms,
    },
    payouts,
    totals: {
      gross_cents: payouts.reduce((total, payout) => total + payout.gross_cents, 0),
      fee_cents: payouts.reduce((total, payout) => total + payout.fee_cents, 0),
      net_cents: payouts.reduce((total, payout) => total + payout.net_cents, 0),
    },
    current_fee_bps: platformFeeBps,
    generated_at: now.toISOString(),
  };
}
