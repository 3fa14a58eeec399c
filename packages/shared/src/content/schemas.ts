import { zPage } from '../paging/page';
import { z } from 'zod';
import { zText } from '../text/safe-text';

/** Landing statistics, computed from the database (spec §1: 19, 4, $1M, 19 on the demo data). */
export const ZPlatformStats = z.object({
  activeOperations: z.number().int(),
  countries: z.number().int(),
  monthlyVolumeUsd: z.number(),
  partners: z.number().int(),
});
export type PlatformStats = z.infer<typeof ZPlatformStats>;

export const ZHealthResponse = z.object({ status: z.literal('ok') });

/**
 * One readiness check: passed, failed, or not applicable on this instance (job workers with JOBS=off,
 * the bucket with STORAGE=fs: files on the local disk have no service to reach).
 */
export const ZReadinessCheck = z.enum(['ok', 'failed', 'off']);
/**
 * GET /api/health/ready: 200 when every check passes, 503 naming the ones that failed, and 503
 * `stopping` (no checks run) from the moment the instance is told to stop.
 */
export const ZReadinessResponse = z.object({
  status: z.enum(['ok', 'unavailable', 'stopping']),
  checks: z
    .object({
      database: ZReadinessCheck,
      realtime: ZReadinessCheck,
      jobs: ZReadinessCheck,
      storage: ZReadinessCheck,
    })
    .optional(),
});
export type ReadinessResponse = z.infer<typeof ZReadinessResponse>;

/** GET /api/blog: published articles, newest first, in the reader's language. */
export const ZBlogPostSummary = z.object({
  slug: z.string(),
  title: z.string(),
  excerpt: z.string(),
  coverImageUrl: z.string().nullable(),
  authorName: z.string().nullable(),
  publishedAt: z.iso.datetime({ offset: true }),
});
export type BlogPostSummary = z.infer<typeof ZBlogPostSummary>;

export const ZBlogListResponse = z.object({ data: z.array(ZBlogPostSummary) });
export type BlogListResponse = z.infer<typeof ZBlogListResponse>;

export const ZBlogPostParams = z.object({
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'validation.invalid'),
});

/** GET /api/blog/{slug}: one article; the body is plain text in paragraphs separated by blank lines. */
export const ZBlogPost = ZBlogPostSummary.extend({ body: z.string() });
export type BlogPost = z.infer<typeof ZBlogPost>;

/** POST /api/contact: the contact form, parsed alike by the form and the handler. */
export const ZContactRequest = z.object({
  name: zText().min(2, 'contact.errors.name').max(120, 'validation.tooLong'),
  email: z.email('validation.emailInvalid').max(254, 'validation.tooLong'),
  company: zText().max(160, 'validation.tooLong').optional(),
  subject: zText().max(160, 'validation.tooLong').optional(),
  message: zText({ multiline: true }).min(10, 'contact.errors.message').max(5000, 'validation.tooLong'),
});
export type ContactRequest = z.input<typeof ZContactRequest>;

export const ZContactResponse = z.object({ id: z.uuid() });
/** Contact messages one address may send per window (the route's rate limit). */
export const CONTACT_RATE_LIMIT = { max: 5, windowMinutes: 10 } as const;

/** One contact-form message as admins read it (GET /api/admin/contact-messages), newest first. */
export const ZContactMessage = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  company: z.string().nullable(),
  subject: z.string().nullable(),
  message: z.string(),
  language: z.enum(['es', 'en']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type ContactMessage = z.infer<typeof ZContactMessage>;
/** A page of them (ZPageQuery), newest first, with how many there are: the list used to stop at 200. */
export const ZContactMessagesResponse = zPage(ZContactMessage);
export type ContactMessagesResponse = z.infer<typeof ZContactMessagesResponse>;
