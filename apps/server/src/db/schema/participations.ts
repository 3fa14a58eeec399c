import {
  PARTICIPATION_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  type ParticipationStatus,
  type PaymentMethod,
  type PaymentStatus,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz, updatedAt } from './columns';
import { operations } from './operations';

/** A buyer's order in a deal: tons taken, how and whether it is paid. */
export const operationParticipants = pgTable(
  'operation_participants',
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
    status: text('status').$type<ParticipationStatus>().notNull().default('active'),
    /** The reference the buyer quotes on the wire transfer. */
    paymentReference: text('payment_reference').notNull().unique(),
    /** Key in the `payment-proofs` bucket. */
    paymentProofPath: text('payment_proof_path'),
    paymentRejectedReason: text('payment_rejected_reason'),
    notificationsEnabled: boolean('notifications_enabled').notNull().default(true),
    /** Sent by the client so a retried order submit does not create a second order. */
    idempotencyKey: text('idempotency_key'),
    /** When an unpaid reservation stops holding its tons. */
    expiresAt: timestamptz('expires_at'),
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('operation_participants_idempotency_unique').on(t.userId, t.idempotencyKey),
    checkIn('operation_participants_payment_method_check', t.paymentMethod, PAYMENT_METHODS),
    checkIn('operation_participants_payment_status_check', t.paymentStatus, PAYMENT_STATUSES),
    checkIn('operation_participants_status_check', t.status, PARTICIPATION_STATUSES),
    check('operation_participants_volume_check', sql`${t.volume} > 0`),
    check('operation_participants_amount_check', sql`${t.amountCents} >= 0`),
    check(
      'operation_participants_rejection_reason_check',
      sql`${t.paymentStatus} <> 'rejected' or coalesce(btrim(${t.paymentRejectedReason}), '') <> ''`,
    ),
    index('operation_participants_operation_idx').on(t.operationId, t.status),
    index('operation_participants_user_idx').on(t.userId, t.createdAt.desc().nullsFirst()),
    // The expiry job scans unpaid live reservations by deadline.
    index('operation_participants_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'active' and payment_status in ('pending', 'rejected')`),
  ],
);
