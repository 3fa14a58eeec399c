import {
  type Language,
  type OperationBadge,
  type OperationDetail,
  type SellerTrackRecord,
  type WatchResponse,
  centsToUsd,
  computeTotalCents,
  operationSpecificationFor,
} from '@tradeops/shared';
import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import {
  disputes,
  messages,
  operationMilestones,
  orders,
  operationPartners,
  operationWatchers,
  operations,
  partners,
  productSpecs,
  profiles,
} from '../../db/schema';
import { AppError } from '../../errors';
import { type Storage } from '../../plugins/storage/storage';
import { publicOperationColumns } from './operations.repo';
import { type ViewCounter } from './view-counter';
import { pickTitle, toOperationListItem } from './operations.service';

const SIMILAR_LIMIT = 3;

/** A deal a signed-in user may see: approved by an admin (whatever its later status). */
async function findPublicOperation(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(operations)
    .where(and(eq(operations.id, id), eq(operations.reviewStatus, 'approved')))
    .limit(1);
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

/** Memoises a value until the next change to operations is announced (the route passes `app.readCache.memo`). */
export type Memo = <T>(key: string, load: () => Promise<T>) => Promise<T>;
const noMemo: Memo = (_key, load) => load();

/** What only changes with the operation itself or its neighbours: partners, spec sheet, similar deals. */
async function loadOperationContext(db: AppDatabase, operation: typeof operations.$inferSelect) {
  const { id } = operation;
  const [partnerRows, specRows, similarRows] = await Promise.all([
    db
      .select({ role: operationPartners.role, name: partners.name, country: partners.country })
      .from(operationPartners)
      .innerJoin(partners, eq(partners.id, operationPartners.partnerId))
      .where(eq(operationPartners.operationId, id))
      .orderBy(asc(operationPartners.role), asc(partners.name)),
    operation.productSpecId
      ? db.select().from(productSpecs).where(eq(productSpecs.id, operation.productSpecId)).limit(1)
      : Promise.resolve([]),
    db
      .select(publicOperationColumns)
      .from(operations)
      .where(
        and(
          eq(operations.reviewStatus, 'approved'),
          eq(operations.status, 'active'),
          ne(operations.id, id),
          or(
            eq(operations.productCategory, operation.productCategory),
            and(
              eq(operations.originCountry, operation.originCountry),
              eq(operations.destinationCountry, operation.destinationCountry),
            ),
          ),
        ),
      )
      // Same product category first, then the same route; newest within each.
      .orderBy(
        sql`case when ${operations.productCategory} = ${operation.productCategory} then 0 else 1 end`,
        desc(operations.createdAt),
      )
      .limit(SIMILAR_LIMIT),
  ]);
  const spec = specRows[0];
  return {
    partners: partnerRows,
    specSheet: spec
      ? { version: spec.version, updatedAt: spec.updatedAt.toISOString(), fileName: spec.fileName }
      : null,
    similarRows,
  };
}

interface TrackRecordRow {
  completed_operations: number;
  tons_delivered: number;
  arrivals: number;
  on_time_arrivals: number;
  disputed_operations: number;
}

/**
 * A seller's track record (ZSellerTrackRecord) in one aggregate statement over its deals: each
 * deal has at most one arrival milestone, so the left join keeps one row per deal. A deal counts
 * as disputed once, whether its dispute has a row in `disputes` or only a failed inspection. The
 * record changes only with a deal's status (arrival, dispute, settlement), so the detail memoises
 * it per seller.
 */
export async function getSellerTrackRecord(db: Queryable, sellerId: string): Promise<SellerTrackRecord> {
  const result = await db.execute(sql`select
      count(*) filter (where ${operations.status} = 'settled')::int as completed_operations,
      coalesce(sum(${operations.allocatedTons}) filter (where ${operationMilestones.id} is not null), 0)::int
        as tons_delivered,
      count(${operationMilestones.id})::int as arrivals,
      count(${operationMilestones.id}) filter (where ${operations.expectedArrival} is not null
        and (${operationMilestones.occurredAt} at time zone 'UTC')::date <= ${operations.expectedArrival})::int
        as on_time_arrivals,
      count(*) filter (where exists (select 1 from ${disputes} where ${disputes.operationId} = ${operations.id})
        or exists (select 1 from ${operationMilestones} inspection where inspection.operation_id = ${operations.id}
          and inspection.kind = 'inspection' and inspection.result = 'failed'))::int as disputed_operations
    from ${operations}
    left join ${operationMilestones} on ${operationMilestones.operationId} = ${operations.id}
      and ${operationMilestones.kind} = 'arrival'
    where ${operations.sellerId} = ${sellerId}`);
  const row = (result as unknown as { rows: TrackRecordRow[] }).rows[0];
  const record = {
    completedOperations: row?.completed_operations ?? 0,
    tonsDelivered: row?.tons_delivered ?? 0,
    arrivals: row?.arrivals ?? 0,
    onTimeArrivals: row?.on_time_arrivals ?? 0,
    disputedOperations: row?.disputed_operations ?? 0,
  };
  return {
    ...record,
    isNewSeller: record.completedOperations === 0 && record.arrivals === 0 && record.disputedOperations === 0,
  };
}

interface DetailCounts {
  views: number;
  participants: number;
  watchers: number;
  watching: number;
  comments: number;
  seller_kyc_status: string | null;
  inspection_passed: boolean;
}

/**
 * The detail page's data, in one statement per request: the live and per-user figures (views,
 * participants, watchers, whether this user watches, comments, the seller's KYC). The operation
 * row and what changes only with it or its neighbours are memoised per operation until a change
 * is announced. The view itself is counted by `views` (in memory, flushed each second in one
 * atomic statement); without it (`countView: false` or no counter) nothing is counted.
 */
export async function getOperationDetail(
  db: AppDatabase,
  id: string,
  userId: string,
  lang: Language,
  options: { countView?: boolean; memo?: Memo; views?: ViewCounter } = {},
): Promise<OperationDetail> {
  const memo = options.memo ?? noMemo;
  const operation = await memo(`detail-row|${id}`, () => findPublicOperation(db, id));
  if (options.countView ?? true) options.views?.count(id);

  const [countsResult, context, sellerRecord] = await Promise.all([
    db.execute(sql`select
      (select ${operations.viewsCount} from ${operations} where ${operations.id} = ${id}) as views,
      (select count(distinct ${orders.userId})::int from ${orders}
        where ${orders.operationId} = ${id} and ${orders.status} = 'active') as participants,
      (select count(*)::int from ${operationWatchers} where ${operationWatchers.operationId} = ${id}) as watchers,
      (select count(*)::int from ${operationWatchers}
        where ${operationWatchers.operationId} = ${id} and ${operationWatchers.userId} = ${userId}) as watching,
      (select count(*)::int from ${messages} where ${messages.operationId} = ${id}) as comments,
      (select ${profiles.kycStatus} from ${profiles} where ${profiles.id} = ${operation.sellerId}) as seller_kyc_status,
      exists (select 1 from ${operationMilestones} where ${operationMilestones.operationId} = ${id}
        and ${operationMilestones.kind} = 'inspection' and ${operationMilestones.result} = 'passed') as inspection_passed`),
    memo(`detail-context|${id}`, () => loadOperationContext(db, operation)),
    memo(`seller-record|${operation.sellerId}`, () => getSellerTrackRecord(db, operation.sellerId)),
  ]);
  const counts = (countsResult as unknown as { rows: DetailCounts[] }).rows[0];

  // Each badge only where the data proves it: the seller's company passed KYC; the goods passed the
  // platform's inspection on arrival. Escrow holds every payment on the platform, so that one always holds.
  const badges: OperationBadge[] = [];
  if (counts?.seller_kyc_status === 'approved') badges.push('verified_seller');
  if (counts?.inspection_passed) badges.push('verified_volume');
  badges.push('escrow_protected');

  return {
    ...toOperationListItem({ ...operation }, lang),
    title: pickTitle(operation, lang),
    description: (lang === 'en' && operation.descriptionEn) || operation.description,
    arrivalPort: operation.arrivalPort,
    warehouse: operation.warehouse,
    specification: operationSpecificationFor(operation, lang),
    tradeTerms: operation.tradeTerms,
    expectedDeparture: operation.expectedDeparture,
    expectedArrival: operation.expectedArrival,
    containerTons: operation.containerTons,
    lotStepTons: operation.lotStepTons,
    participants: counts?.participants ?? 0,
    maxParticipants: Math.floor(operation.totalTons / operation.minVolume),
    totalPriceUsd: centsToUsd(computeTotalCents(operation.pricePerTonCents, operation.totalTons)),
    partners: context.partners,
    specSheet: context.specSheet,
    stats: {
      views: (counts?.views ?? operation.viewsCount) + (options.views?.pendingOf(id) ?? 0),
      watchers: counts?.watchers ?? 0,
      comments: counts?.comments ?? 0,
    },
    isWatching: (counts?.watching ?? 0) > 0,
    isOwnOperation: operation.sellerId === userId,
    badges,
    sellerRecord,
    similar: context.similarRows.map((row) => toOperationListItem(row, lang)),
  };
}

/**
 * The Watch toggle: a watcher row is the subscription the notification fan-out
 * reads, so watching an operation is what subscribes a user to its news.
 * Idempotent both ways.
 */
export async function setWatching(
  db: AppDatabase,
  operationId: string,
  userId: string,
  isWatching: boolean,
): Promise<WatchResponse> {
  await findPublicOperation(db, operationId);
  if (isWatching) {
    await db.insert(operationWatchers).values({ operationId, userId }).onConflictDoNothing();
  } else {
    await db
      .delete(operationWatchers)
      .where(and(eq(operationWatchers.operationId, operationId), eq(operationWatchers.userId, userId)));
  }
  const [watchers] = await db
    .select({ count: count() })
    .from(operationWatchers)
    .where(eq(operationWatchers.operationId, operationId));
  return { isWatching, watchers: watchers?.count ?? 0 };
}

/** The operation's specification sheet from the `specs` bucket, named "<product> Specification v<version>.pdf". */
export async function openSpecSheet(db: AppDatabase, storage: Storage, operationId: string) {
  const operation = await findPublicOperation(db, operationId);
  if (!operation.productSpecId) throw new AppError('NOT_FOUND');
  const [spec] = await db.select().from(productSpecs).where(eq(productSpecs.id, operation.productSpecId)).limit(1);
  if (!spec) throw new AppError('NOT_FOUND');
  const stored = await storage.get('specs', spec.fileKey);
  if (!stored) throw new AppError('NOT_FOUND');
  return {
    stream: stored.stream,
    contentType: spec.mimeType,
    size: stored.meta.size,
    fileName: `${operation.productName} Specification v${spec.version}.pdf`,
  };
}
