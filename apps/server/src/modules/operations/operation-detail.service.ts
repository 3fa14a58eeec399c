import {
  type Language,
  type OperationBadge,
  type OperationDetail,
  type WatchResponse,
  centsToUsd,
  computeTotalCents,
} from '@tradeops/shared';
import { and, asc, count, desc, eq, ne, or, sql } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import {
  messages,
  operationParticipants,
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
import { pickTitle, toOperationListItem } from './operations.service';

const SIMILAR_LIMIT = 3;

/** A deal a signed-in user may see: approved by an admin (whatever its later status). */
async function findPublicOperation(db: Queryable, id: string) {
  const [row] = await db
    .select()
    .from(operations)
    .where(and(eq(operations.id, id), eq(operations.kycStatus, 'approved')))
    .limit(1);
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  return row;
}

/**
 * The detail page's data. Counting the view is one atomic UPDATE (no lost
 * increments under concurrency); everything else is read after it.
 */
export async function getOperationDetail(
  db: AppDatabase,
  id: string,
  userId: string,
  lang: Language,
  options: { countView?: boolean } = {},
): Promise<OperationDetail> {
  const operation = await findPublicOperation(db, id);
  let views = operation.viewsCount;
  if (options.countView ?? true) {
    const [counted] = await db
      .update(operations)
      .set({ viewsCount: sql`${operations.viewsCount} + 1` })
      .where(eq(operations.id, id))
      .returning({ views: operations.viewsCount });
    views = counted?.views ?? views;
  }

  const [partnerRows, [participants], [watchers], [watching], [comments], specRows, similarRows, [seller]] =
    await Promise.all([
      db
        .select({ role: operationPartners.role, name: partners.name, country: partners.country })
        .from(operationPartners)
        .innerJoin(partners, eq(partners.id, operationPartners.partnerId))
        .where(eq(operationPartners.operationId, id))
        .orderBy(asc(operationPartners.role), asc(partners.name)),
      db
        .select({ count: sql<number>`count(distinct ${operationParticipants.userId})::int` })
        .from(operationParticipants)
        .where(and(eq(operationParticipants.operationId, id), eq(operationParticipants.status, 'active'))),
      db.select({ count: count() }).from(operationWatchers).where(eq(operationWatchers.operationId, id)),
      db
        .select({ count: count() })
        .from(operationWatchers)
        .where(and(eq(operationWatchers.operationId, id), eq(operationWatchers.userId, userId))),
      db.select({ count: count() }).from(messages).where(eq(messages.operationId, id)),
      operation.productSpecId
        ? db.select().from(productSpecs).where(eq(productSpecs.id, operation.productSpecId)).limit(1)
        : Promise.resolve([]),
      db
        .select(publicOperationColumns)
        .from(operations)
        .where(
          and(
            eq(operations.kycStatus, 'approved'),
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
      db.select({ kycStatus: profiles.kycStatus }).from(profiles).where(eq(profiles.id, operation.sellerId)).limit(1),
    ]);

  const spec = specRows[0];
  const badges: OperationBadge[] = [];
  if (seller?.kycStatus === 'aprobado') badges.push('verified_seller');
  if (operation.kycStatus === 'approved') badges.push('verified_volume');
  badges.push('escrow_protected');

  return {
    ...toOperationListItem({ ...operation }, lang),
    title: pickTitle(operation, lang),
    description: (lang === 'en' && operation.descriptionEn) || operation.description,
    arrival_port: operation.arrivalPort,
    warehouse: operation.warehouse,
    specification: operation.specification,
    expected_departure: operation.expectedDeparture,
    expected_arrival: operation.expectedArrival,
    container_tons: operation.containerTons,
    lot_step_tons: operation.lotStepTons,
    participants: participants?.count ?? 0,
    max_participants: Math.floor(operation.totalTons / operation.minVolume),
    total_price_usd: centsToUsd(computeTotalCents(operation.pricePerTonCents, operation.totalTons)),
    partners: partnerRows,
    spec_sheet: spec
      ? { version: spec.version, updated_at: spec.updatedAt.toISOString(), file_name: spec.fileName }
      : null,
    stats: { views, watchers: watchers?.count ?? 0, comments: comments?.count ?? 0 },
    is_watching: (watching?.count ?? 0) > 0,
    badges,
    similar: similarRows.map((row) => toOperationListItem(row, lang)),
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
  return { is_watching: isWatching, watchers: watchers?.count ?? 0 };
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
