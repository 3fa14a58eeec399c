import { type Language } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz } from './columns';
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
    // An operation room's messages a page at a time: keyset (created_at, id) per operation.
    index('messages_operation_idx').on(t.operationId, t.createdAt, t.id),
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

/** Where a mail of the outbox is: waiting for a worker, claimed by one, delivered, or given up. */
export const EMAIL_OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const;
export type EmailOutboxStatus = (typeof EMAIL_OUTBOX_STATUSES)[number];

/**
 * E-mails written in the business transaction and sent afterwards (at least once) by the mail
 * worker when SMTP is set. `text` is the message's own body; the worker adds the action link, the
 * settings link and the HTML version in `language` when it sends (modules/outbox/mail-render.ts).
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to_address').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** What the mail is about: a notification type (`kyc.approved`) or an account mail (`auth.resetMail`). */
    kind: text('kind').notNull().default('account'),
    language: text('language').$type<Language>().notNull().default('es'),
    /** The page the mail leads to: a path on PUBLIC_URL, or an absolute link already built from it. */
    actionPath: text('action_path'),
    /** The recipient's notification settings page (notifications only; account mails cannot be turned off). */
    settingsPath: text('settings_path'),
    status: text('status').$type<EmailOutboxStatus>().notNull().default('pending'),
    /** pending: not before then; sending: the claim's lease (a worker that died leaves it to the sweep). */
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamptz('sent_at'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
  },
  (t) => [
    check('email_outbox_attempts_check', sql`${t.attempts} >= 0`),
    checkIn('email_outbox_status_check', t.status, EMAIL_OUTBOX_STATUSES),
    index('email_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status in ('pending', 'sending')`),
    // The admins' outbox, newest first a page at a time: keyset (created_at, id).
    index('email_outbox_created_idx').on(t.createdAt, t.id),
  ],
);
