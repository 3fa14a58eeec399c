import { LANGUAGES, type Language } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz, updatedAt } from './columns';

/** Blog articles, written in both languages. A null published_at is a draft. */
export const blogPosts = pgTable(
  'blog_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    slug: text('slug').notNull().unique(),
    titleEs: text('title_es').notNull(),
    titleEn: text('title_en').notNull(),
    excerptEs: text('excerpt_es').notNull(),
    excerptEn: text('excerpt_en').notNull(),
    bodyEs: text('body_es').notNull(),
    bodyEn: text('body_en').notNull(),
    coverImagePath: text('cover_image_path'),
    authorName: text('author_name'),
    publishedAt: timestamptz('published_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('blog_posts_slug_check', sql`${t.slug} ~ '^[a-z0-9]+(-[a-z0-9]+)*$'`),
    index('blog_posts_published_idx').on(t.publishedAt.desc().nullsFirst()),
  ],
);

/** Messages sent through the contact page. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    company: text('company'),
    subject: text('subject'),
    message: text('message').notNull(),
    language: text('language').$type<Language>().notNull().default('es'),
    userId: text('user_id').references(() => user.id, { onDelete: 'set null' }),
    handledAt: timestamptz('handled_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('contact_messages_language_check', t.language, LANGUAGES),
    index('contact_messages_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);
