import { type CatalogueSort, type ProductCategory } from '@tradeops/shared';
import { and, asc, count, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import { type Queryable } from '../../db/client';
import { matchesOperationSearch, publicOperationColumns } from './operations.repo';
import { orders, operationPartners, operations, partners, productSpecs } from '../../db/schema';

export interface CatalogueQuery {
  search: string | undefined;
  category: ProductCategory | undefined;
  region: string | undefined;
  minPriceCents: number | undefined;
  maxPriceCents: number | undefined;
  sort: CatalogueSort;
  offset: number;
  limit: number;
}

/** Open deals: approved by an admin and still taking tonnage. */
const isOpen = () => and(eq(operations.reviewStatus, 'approved'), eq(operations.status, 'active'));

function catalogueConditions(query: CatalogueQuery): SQL[] {
  const conditions: SQL[] = [isOpen() as SQL];
  if (query.search) conditions.push(matchesOperationSearch(query.search));
  if (query.category) conditions.push(eq(operations.productCategory, query.category));
  if (query.region) {
    const inRegion = or(eq(operations.originCountry, query.region), eq(operations.destinationCountry, query.region));
    if (inRegion) conditions.push(inRegion);
  }
  if (query.minPriceCents !== undefined) conditions.push(gte(operations.pricePerTonCents, query.minPriceCents));
  if (query.maxPriceCents !== undefined) conditions.push(lte(operations.pricePerTonCents, query.maxPriceCents));
  return conditions;
}

const availableTonsSql = sql<number>`(${operations.totalTons} - ${operations.allocatedTons})`;

function catalogueOrder(sort: CatalogueSort): SQL[] {
  switch (sort) {
    case 'price':
      return [asc(operations.pricePerTonCents), desc(operations.createdAt), desc(operations.id)];
    case 'available':
      return [desc(availableTonsSql), desc(operations.createdAt), desc(operations.id)];
    case 'closing':
      return [sql`${operations.deadline} asc nulls last`, desc(operations.createdAt), desc(operations.id)];
    case 'newest':
      return [desc(operations.createdAt), desc(operations.id)];
  }
}

/** One page of the catalogue and the number of rows over all pages. */
export async function selectCataloguePage(db: Queryable, query: CatalogueQuery) {
  const where = and(...catalogueConditions(query));
  const rows = await db
    .select(publicOperationColumns)
    .from(operations)
    .where(where)
    .orderBy(...catalogueOrder(query.sort))
    .limit(query.limit)
    .offset(query.offset);
  const [totals] = await db.select({ total: count() }).from(operations).where(where);
  return { rows, total: totals?.total ?? 0 };
}

/** Countries and categories of open deals, for the filters. */
export async function selectCatalogueFacets(db: Queryable) {
  const rows = await db
    .select({
      origin: operations.originCountry,
      destination: operations.destinationCountry,
      category: operations.productCategory,
    })
    .from(operations)
    .where(isOpen());
  const regions = new Set<string>();
  const categories = new Set<ProductCategory>();
  for (const row of rows) {
    regions.add(row.origin);
    regions.add(row.destination);
    categories.add(row.category);
  }
  return { regions: [...regions].sort(), categories: [...categories] };
}

/** The featured deal if it is public (approved), with its partners by role and its live participants. */
export async function selectFeaturedOperation(db: Queryable) {
  const [operation] = await db
    .select()
    .from(operations)
    .where(and(eq(operations.isFeatured, true), eq(operations.reviewStatus, 'approved')))
    .limit(1);
  if (!operation) return null;
  const partnerRows = await db
    .select({ role: operationPartners.role, name: partners.name })
    .from(operationPartners)
    .innerJoin(partners, eq(partners.id, operationPartners.partnerId))
    .where(eq(operationPartners.operationId, operation.id))
    .orderBy(asc(partners.name));
  const [participants] = await db
    .select({ count: sql<number>`count(distinct ${orders.userId})::int` })
    .from(orders)
    .where(and(eq(orders.operationId, operation.id), eq(orders.status, 'active')));
  const [specSheet] = operation.productSpecId
    ? await db
        .select({ version: productSpecs.version, updatedAt: productSpecs.updatedAt })
        .from(productSpecs)
        .where(eq(productSpecs.id, operation.productSpecId))
    : [];
  return { operation, partners: partnerRows, participants: participants?.count ?? 0, specSheet: specSheet ?? null };
}
