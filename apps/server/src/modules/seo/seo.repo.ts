import { and, asc, desc, eq, isNotNull, lte, notInArray } from 'drizzle-orm';
import { z } from 'zod';
import { type Queryable } from '../../db/client';
import { blogPosts, operations } from '../../db/schema';

/** What a link preview or a sitemap entry of an operation needs. */
export const previewOperationColumns = {
  id: operations.id,
  title: operations.title,
  titleEn: operations.titleEn,
  productName: operations.productName,
  originCountry: operations.originCountry,
  destinationCountry: operations.destinationCountry,
  totalTons: operations.totalTons,
  allocatedTons: operations.allocatedTons,
  pricePerTonCents: operations.pricePerTonCents,
  deadline: operations.deadline,
  status: operations.status,
  updatedAt: operations.updatedAt,
};

export type PreviewOperationRow = Pick<typeof operations.$inferSelect, keyof typeof previewOperationColumns>;

const ZOperationId = z.guid();

/**
 * An operation anyone may open (approved by an admin, whatever its later status, as the detail
 * API shows it), or null: unknown, not yet approved, rejected, or not even an id.
 */
export async function findPublicOperationForPreview(db: Queryable, id: string): Promise<PreviewOperationRow | null> {
  if (!ZOperationId.safeParse(id).success) return null;
  const [row] = await db
    .select(previewOperationColumns)
    .from(operations)
    .where(and(eq(operations.id, id), eq(operations.reviewStatus, 'approved')))
    .limit(1);
  return row ?? null;
}

export async function findFeaturedOperationForPreview(db: Queryable): Promise<PreviewOperationRow | null> {
  const [row] = await db
    .select(previewOperationColumns)
    .from(operations)
    .where(and(eq(operations.isFeatured, true), eq(operations.reviewStatus, 'approved')))
    .limit(1);
  return row ?? null;
}

/** Statuses whose deal page is no longer worth a search engine's visit. */
const UNLISTED_STATUSES = ['rejected', 'expired', 'cancelled'] as const;

/** The operations the sitemap lists, every one: approved and not ended without a deal, oldest first (stable files). */
export async function listSitemapOperations(db: Queryable) {
  return db
    .select({ id: operations.id, updatedAt: operations.updatedAt })
    .from(operations)
    .where(and(eq(operations.reviewStatus, 'approved'), notInArray(operations.status, [...UNLISTED_STATUSES])))
    .orderBy(asc(operations.referenceNumber));
}

/** Published now: a date in the future is a scheduled post, null is a draft (as blog.service reads them). */
const isPublished = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, new Date()));

export async function listSitemapArticles(db: Queryable) {
  return db
    .select({ slug: blogPosts.slug, updatedAt: blogPosts.updatedAt })
    .from(blogPosts)
    .where(isPublished())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(10_000);
}

export async function findPublishedArticle(db: Queryable, slug: string) {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished()))
    .limit(1);
  return row ?? null;
}
