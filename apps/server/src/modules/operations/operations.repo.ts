import { type OperationListFilter } from '@tradeops/shared';
import { and, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { toContainsPattern } from '../../db/like-pattern';
import { operations } from '../../db/schema';

export interface PublicOperationsQuery {
  status: OperationListFilter;
  search: string | undefined;
  limit: number;
  offset?: number;
}

/** The columns a catalogue card or list row needs. */
export const publicOperationColumns = {
  id: operations.id,
  productName: operations.productName,
  productCategory: operations.productCategory,
  originCountry: operations.originCountry,
  destinationCountry: operations.destinationCountry,
  minVolume: operations.minVolume,
  pricePerTonCents: operations.pricePerTonCents,
  status: operations.status,
  title: operations.title,
  titleEn: operations.titleEn,
  totalTons: operations.totalTons,
  allocatedTons: operations.allocatedTons,
  deadline: operations.deadline,
  imagePath: operations.imagePath,
  type: operations.type,
  createdAt: operations.createdAt,
};

/**
 * Operations whose product or title (either language) contains `search`: people search "leche en
 * polvo" for the product named "Milk Powder".
 */
export function matchesOperationSearch(search: string): SQL {
  const pattern = toContainsPattern(search);
  // `or` answers undefined only when given no condition.
  return or(
    ilike(operations.productName, pattern),
    ilike(operations.title, pattern),
    ilike(operations.titleEn, pattern),
  )!;
}

/** Approved operations, newest first (spec §7), optionally by status and product search. */
export async function selectPublicOperations(db: Queryable, query: PublicOperationsQuery) {
  const conditions: SQL[] = [eq(operations.reviewStatus, 'approved')];
  if (query.status !== 'all') conditions.push(eq(operations.status, query.status));
  if (query.search) conditions.push(matchesOperationSearch(query.search));
  return db
    .select(publicOperationColumns)
    .from(operations)
    .where(and(...conditions))
    .orderBy(desc(operations.createdAt), desc(operations.id))
    .limit(query.limit)
    .offset(query.offset ?? 0);
}

export type PublicOperationRow = Awaited<ReturnType<typeof selectPublicOperations>>[number];

/** One approved operation's public columns (its card), or undefined: unknown, or not approved. */
export async function selectPublicOperation(db: Queryable, id: string): Promise<PublicOperationRow | undefined> {
  const [row] = await db
    .select(publicOperationColumns)
    .from(operations)
    .where(and(eq(operations.id, id), eq(operations.reviewStatus, 'approved')))
    .limit(1);
  return row;
}
