import {
  CONTRACT_VERSION,
  type ContractSnapshot,
  type Language,
  type StatementIssuer,
  ZContractSnapshot,
  contractNumber,
  operationReference,
  stableJson,
} from '@tradeops/shared';
import { createHash } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { operations, orders, profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { getPlatformSettings } from '../settings/settings.service';

/** The SHA-256 (hex) of a snapshot: what the order records beside it. */
export function contractHash(snapshot: ContractSnapshot): string {
  return createHash('sha256').update(stableJson(snapshot)).digest('hex');
}

/** A company's profile fields a contract names. */
export interface ContractPartyRow {
  companyName: string | null;
  taxId: string | null;
  country: string | null;
}

function partyFrom(row: ContractPartyRow | undefined): ContractSnapshot['buyer'] {
  return { legal_name: row?.companyName ?? '', tax_id: row?.taxId?.trim() || null, country: row?.country ?? null };
}

async function partyOf(db: Queryable, userId: string): Promise<ContractSnapshot['buyer']> {
  const [row] = await db
    .select({ companyName: profiles.companyName, taxId: profiles.taxId, country: profiles.country })
    .from(profiles)
    .where(eq(profiles.id, userId));
  return partyFrom(row);
}

/**
 * The contract columns of a new order (placeOrder, in its transaction, under the
 * operation's lock): the copy of what the buyer accepts, its version and its hash. `parties`: the
 * buyer's and seller's profiles as the caller already read them in its transaction (placeOrder's
 * compliance check reads them under a share lock); read here otherwise.
 */
export async function contractColumnsFor(
  db: Queryable,
  operation: typeof operations.$inferSelect,
  order: { buyerId: string; volume: number; amountCents: number; termsVersion: string | null; now: Date },
  parties?: { buyer: ContractPartyRow; seller: ContractPartyRow },
): Promise<{ contractVersion: number; contractTerms: ContractSnapshot; contractHash: string }> {
  const snapshot: ContractSnapshot = {
    version: CONTRACT_VERSION,
    operation_reference: operationReference(operation.referenceNumber),
    title: operation.title,
    title_en: operation.titleEn,
    product_name: operation.productName,
    origin_country: operation.originCountry,
    destination_country: operation.destinationCountry,
    trade_terms: operation.tradeTerms,
    volume: order.volume,
    price_per_ton_cents: operation.pricePerTonCents,
    amount_cents: order.amountCents,
    terms_version: order.termsVersion,
    buyer: parties ? partyFrom(parties.buyer) : await partyOf(db, order.buyerId),
    seller: parties ? partyFrom(parties.seller) : await partyOf(db, operation.sellerId),
    accepted_at: order.now.toISOString(),
  };
  return { contractVersion: CONTRACT_VERSION, contractTerms: snapshot, contractHash: contractHash(snapshot) };
}

export interface OrderContract {
  number: string;
  version: number;
  hash: string;
  snapshot: ContractSnapshot;
  issuer: StatementIssuer;
  paymentReference: string;
  language: Language;
}

/**
 * An order's contract, for its buyer, the deal's seller and admins (anyone else is told it does
 * not exist), drawn from the copy the order recorded. An order placed before contracts has none.
 * Its number is the operation's and the order's place among the deal's orders, by time.
 */
export async function getOrderContract(
  db: Queryable,
  auth: Pick<AuthContext, 'user' | 'isAdmin'>,
  orderId: string,
  language: Language,
): Promise<OrderContract> {
  const [row] = await db
    .select({
      order: orders,
      sellerId: operations.sellerId,
      referenceNumber: operations.referenceNumber,
    })
    .from(orders)
    .innerJoin(operations, eq(operations.id, orders.operationId))
    .where(eq(orders.id, orderId));
  const allowed = row && (auth.isAdmin || row.order.userId === auth.user.id || row.sellerId === auth.user.id);
  if (!row || !allowed) throw new AppError('ORDER_NOT_FOUND');
  const { order } = row;
  const parsed = ZContractSnapshot.safeParse(order.contractTerms);
  if (!parsed.success || order.contractVersion === null || !order.contractHash) {
    throw new AppError('CONTRACT_NOT_FOUND');
  }
  // Compared in SQL: created_at keeps microseconds a JavaScript Date would round away.
  const [ordinal] = await db
    .select({ count: sql<string>`count(*)` })
    .from(orders)
    .where(
      and(
        eq(orders.operationId, order.operationId),
        sql`(${orders.createdAt}, ${orders.id}) <= (select created_at, id from orders where id = ${order.id})`,
      ),
    );
  const { platformCompany } = await getPlatformSettings(db);
  return {
    number: contractNumber(row.referenceNumber, Number(ordinal?.count ?? 1)),
    version: order.contractVersion,
    hash: order.contractHash,
    snapshot: parsed.data,
    issuer: platformCompany
      ? {
          legalName: platformCompany.legalName,
          address: platformCompany.address,
          taxId: platformCompany.taxId.trim() || null,
        }
      : { legalName: 'TradeOps', address: null, taxId: null },
    paymentReference: order.paymentReference,
    language,
  };
}
