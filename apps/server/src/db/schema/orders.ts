import {
  ORDER_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  WAITLIST_STATUSES,
  type OrderStatus,
  type WaitlistStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz, updatedAt } from './columns';
import { operations } from './operations';

/** An order: a buyer's order in a deal (table orders, named by the spec): tons taken, how and whether it is paid. */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'restrict' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    volume: integer('volume').notNull(),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    paymentMethod: text('payment_method').$type<PaymentMethod>().notNull(),
    paymentStatus: text('payment_status').$type<PaymentStatus>().notNull().default('pending'),
    status: text('status').$type<OrderStatus>().notNull().default('active'),
    /** The reference the buyer quotes on the wire transfer. */
    paymentReference: text('payment_reference').notNull().unique(),
    /** Key in the `payment-proofs` bucket. */
    paymentProofPath: text('payment_proof_path'),
    /** Counts the proofs uploaded (0 = none yet): an admin's confirmation or rejection names the one reviewed. */
    proofRevision: integer('proof_revision').notNull().default(0),
    paymentRejectedReason: text('payment_rejected_reason'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    /** The version of the terms of service and escrow agreement the buyer accepted with the order (null: before terms were versioned). */
    termsVersion: text('terms_version'),
    /**
     * The sales contract the buyer accepted with the order (issue 28): its version (1 today), the
     * snapshot of the deal's terms, price and parties it states, and that snapshot's SHA-256, so a
     * later edit of the deal never changes a signed contract. null: ordered before contracts.
     */
    contractVersion: integer('contract_version'),
    contractTerms: jsonb('contract_terms').$type<unknown>(),
    contractHash: text('contract_hash'),
    /** Sent by the client so a retried order submit does not create a second order. */
    idempotencyKey: text('idempotency_key'),
    /** When an unpaid order stops holding its tons. */
    expiresAt: timestamptz('expires_at'),
    proofUploadedAt: timestamptz('proof_uploaded_at'),
    confirmedAt: timestamptz('confirmed_at'),
    /** The admin who confirmed or rejected the payment, and when. */
    paymentReviewedBy: text('payment_reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    paymentReviewedAt: timestamptz('payment_reviewed_at'),
    /** Why the order stopped holding tons (expired hold, cancelled by the buyer, the operation cancelled). */
    endedReason: text('ended_reason'),
    endedAt: timestamptz('ended_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('orders_idempotency_unique').on(t.userId, t.idempotencyKey),
    checkIn('orders_payment_method_check', t.paymentMethod, PAYMENT_METHODS),
    checkIn('orders_payment_status_check', t.paymentStatus, PAYMENT_STATUSES),
    checkIn('orders_status_check', t.status, ORDER_STATUSES),
    check('orders_volume_check', sql`${t.volume} > 0`),
    check('orders_amount_check', sql`${t.amountCents} >= 0`),
    check('orders_proof_revision_check', sql`${t.proofRevision} >= 0`),
    check(
      'orders_rejection_reason_check',
      sql`${t.paymentStatus} <> 'rejected' or coalesce(btrim(${t.paymentRejectedReason}), '') <> ''`,
    ),
    index('orders_operation_idx').on(t.operationId, t.status),
    // A buyer's orders, newest first a page at a time: keyset (created_at, id) per buyer.
    index('orders_user_idx').on(t.userId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The expiry job scans unpaid live orders by deadline.
    index('orders_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'active' and payment_status in ('pending', 'rejected')`),
    // The admins' payment queue: proofs waiting for a review, the oldest first.
    index('orders_verification_idx')
      .on(t.proofUploadedAt, t.id)
      .where(sql`payment_status = 'verification'`),
  ],
);

/**
 * Live orders' tons and amounts per month of ordering (UTC), for the back office's volume chart:
 * kept by a deferred trigger on orders in the transaction that changes an order
 * (migration 0026). A month is spread over `shard` rows (the writing connection's pid modulo 64), so
 * concurrent orders do not wait for one row; a reader sums the shards.
 */
export const orderVolumeByMonth = pgTable(
  'order_volume_by_month',
  {
    month: date('month', { mode: 'string' }).notNull(),
    shard: integer('shard').notNull(),
    tons: bigint('tons', { mode: 'number' }).notNull().default(0),
    cents: bigint('cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ name: 'order_volume_by_month_pk', columns: [t.month, t.shard] })],
);

/**
 * Buyers waiting for tons of a full operation, first come first served. When tons
 * are freed the first in line is invited to take them until `invitation_expires_at`; an
 * unclaimed invitation passes to the next.
 */
export const operationWaitlist = pgTable(
  'operation_waitlist',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    volume: integer('volume').notNull(),
    status: text('status').$type<WaitlistStatus>().notNull().default('waiting'),
    /** Tons this entry is invited to take (≤ volume), held for it until the invitation expires. */
    invitedTons: integer('invited_tons'),
    invitedAt: timestamptz('invited_at'),
    invitationExpiresAt: timestamptz('invitation_expires_at'),
    /** The order created when the invitation was claimed. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('operation_waitlist_status_check', t.status, WAITLIST_STATUSES),
    check('operation_waitlist_volume_check', sql`${t.volume} > 0`),
    check('operation_waitlist_invited_check', sql`${t.invitedTons} is null or ${t.invitedTons} > 0`),
    // One live place in line per buyer and operation.
    uniqueIndex('operation_waitlist_one_live_idx')
      .on(t.operationId, t.userId)
      .where(sql`status in ('waiting', 'invited')`),
    index('operation_waitlist_line_idx').on(t.operationId, t.status, t.createdAt),
  ],
);
