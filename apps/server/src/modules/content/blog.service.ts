import { type BlogListResponse, type BlogPost, type Language } from '@tradeops/shared';
import { and, desc, eq, isNotNull, lte } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { blogPosts } from '../../db/schema';
import { AppError } from '../../errors';

type BlogRow = typeof blogPosts.$inferSelect;

function toSummary(row: BlogRow, lang: Language) {
  return {
    slug: row.slug,
    title: lang === 'en' ? row.titleEn : row.titleEs,
    excerpt: lang === 'en' ? row.excerptEn : row.excerptEs,
    coverImageUrl: row.coverImagePath,
    authorName: row.authorName,
    // Only published posts are read, so publishedAt is set.
    publishedAt: (row.publishedAt ?? row.createdAt).toISOString(),
  };
}

/** Published now: a date in the future is a scheduled post, null is a draft. */
const isPublished = () => and(isNotNull(blogPosts.publishedAt), lte(blogPosts.publishedAt, new Date()));

export async function listBlogPosts(db: AppDatabase, lang: Language): Promise<BlogListResponse> {
  const rows = await db
    .select()
    .from(blogPosts)
    .where(isPublished())
    .orderBy(desc(blogPosts.publishedAt), desc(blogPosts.id))
    .limit(100);
  return { data: rows.map((row) => toSummary(row, lang)) };
}

export async function getBlogPost(db: AppDatabase, slug: string, lang: Language): Promise<BlogPost> {
  const [row] = await db
    .select()
    .from(blogPosts)
    .where(and(eq(blogPosts.slug, slug), isPublished()))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toSummary(row, lang), body: lang === 'en' ? row.bodyEn : row.bodyEs };
}
