import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, timestamptz } from './columns';
import { operations } from './operations';

/** The message thread of a deal between its participants, its seller and the platform. */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    /** null for platform announcements. */
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    isFromPlatform: boolean('is_from_platform').notNull().default(false),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('messages_body_check', sql`btrim(${t.body}) <> ''`),
    index('messages_operation_idx').on(t.operationId, t.createdAt),
  ],
);

/** In-app notifications; `data` carries the ids and figures the message is rendered from. */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    readAt: timestamptz('read_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    index('notifications_unread_idx')
      .on(t.userId)
      .where(sql`read_at is null`),
  ],
);

/** E-mails written in the business transaction and sent afterwards (at least once) when SMTP is set. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
    index('email_outbox_unsent_idx')
      .on(t.createdAt)
      .where(sql`sent_at is null`),
  ],
);
