import { boolean, index, integer, pgTable, text } from 'drizzle-orm/pg-core';
import { createdAt, timestamptz, updatedAt } from './columns';

/**
 * Better Auth 1.7 core tables, written by hand because its schema generator
 * fails on Node 20. The property names are the field names its Drizzle adapter
 * looks up (camelCase); the columns are snake_case. Ids are Better Auth's text ids.
 */
export const user = pgTable('user', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  /** Better Auth's two-factor plugin: true once a TOTP enrolment is confirmed with a code. */
  twoFactorEnabled: boolean('two_factor_enabled').notNull().default(false),
  /**
   * When the account's password was set through a link mailed to its verified address (a reset),
   * kept while the chain of custody holds (a change from a session opened under it); null when the
   * password is the sign-up's, or since the address was verified. An address on an admin list
   * grants rights only with it (plugins/auth/mailbox-password.ts). A Better Auth additional field.
   */
  passwordSetViaMailboxAt: timestamptz('password_set_via_mailbox_at'),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const session = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
    token: text('token').notNull().unique(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    /**
     * The account's password_set_via_mailbox_at as it stood when this session's credentials were
     * checked (null: before any). While the account has one, only sessions opened under it are valid,
     * so a sign-in that raced a reset keeps nothing. A Better Auth additional field.
     */
    mailboxPasswordSetAt: timestamptz('mailbox_password_set_at'),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
  },
  (t) => [index('session_user_id_idx').on(t.userId)],
);

export const account = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamptz('access_token_expires_at'),
    refreshTokenExpiresAt: timestamptz('refresh_token_expires_at'),
    scope: text('scope'),
    password: text('password'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('account_user_id_idx').on(t.userId)],
);

export const verification = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // By value too: an account's reset tokens and pending sign-ins are found by its user id.
  (t) => [index('verification_identifier_idx').on(t.identifier), index('verification_value_idx').on(t.value)],
);

/**
 * Better Auth's two-factor plugin (1.7): one row per enrolment. `secret` and
 * `backup_codes` are encrypted with the session secret; `verified` stays false
 * until the user confirms the enrolment with a code; the failure counter and
 * lock are its per-account lockout of code guesses.
 */
export const twoFactor = pgTable(
  'two_factor',
  {
    id: text('id').primaryKey(),
    secret: text('secret').notNull(),
    backupCodes: text('backup_codes').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    verified: boolean('verified').notNull().default(true),
    failedVerificationCount: integer('failed_verification_count').notNull().default(0),
    lockedUntil: timestamptz('locked_until'),
  },
  (t) => [index('two_factor_user_id_idx').on(t.userId), index('two_factor_secret_idx').on(t.secret)],
);
