import {
  DISPUTE_DECISIONS,
  DISPUTE_OPENERS,
  DISPUTE_STATUSES,
  type DisputeDecision,
  type DisputeOpener,
  type DisputeStatus,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz } from './columns';
import { operations } from './operations';
import { orders } from './orders';

/**
 * A dispute on a deal: opened by a failed inspection or by a participant (with a reason and evidence),
 * decided once by an admin. At most one open dispute per deal: later complaints join it as evidence.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'restrict' }),
    openedBy: text('opened_by').$type<DisputeOpener>().notNull(),
    /** The participant who opened it (null when the inspection did). */
    openedByUserId: text('opened_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'restrict' }),
    reason: text('reason').notNull(),
    status: text('status').$type<DisputeStatus>().notNull().default('open'),
    decision: text('decision').$type<DisputeDecision>(),
    decisionReason: text('decision_reason'),
    decidedBy: text('decided_by').references(() => user.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    createdAt: createdAt(),
  },
  (t) => [
    checkIn('disputes_opened_by_check', t.openedBy, DISPUTE_OPENERS),
    checkIn('disputes_status_check', t.status, DISPUTE_STATUSES),
    check(
      'disputes_decision_check',
      sql`(${t.status} = 'open' and ${t.decision} is null) or (${t.status} = 'decided' and ${t.decision} in (${sql.raw(DISPUTE_DECISIONS.map((d) => `'${d}'`).join(', '))}))`,
    ),
    check('disputes_reason_check', sql`btrim(${t.reason}) <> ''`),
    uniqueIndex('disputes_one_open_idx')
      .on(t.operationId)
      .where(sql`status = 'open'`),
    index('disputes_operation_idx').on(t.operationId, t.createdAt),
  ],
);

/** A file a participant attached to a dispute; it lives in the `documents` bucket. */
export const disputeEvidence = pgTable(
  'dispute_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    storageKey: text('storage_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('dispute_evidence_size_check', sql`${t.sizeBytes} >= 0`),
    index('dispute_evidence_dispute_idx').on(t.disputeId, t.createdAt),
  ],
);
