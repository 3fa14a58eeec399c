import { sql } from 'drizzle-orm';
import { bigint, check, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt } from './columns';
import { operations } from './operations';

/**
 * A settled deal's final measurement (issue 28, docs/decisions/021): the net weight and quality
 * measured at destination, recorded once, with the figures the holdback's payout was computed
 * from (contracted weight, tolerance, shortfall and its value). Written by the admin today, by the
 * inspector once partners record inspections; the holdback is paid out in the same transaction.
 */
export const operationFinalMeasurements = pgTable(
  'operation_final_measurements',
  {
    operationId: uuid('operation_id')
      .primaryKey()
      .references(() => operations.id, { onDelete: 'restrict' }),
    measuredNetKg: bigint('measured_net_kg', { mode: 'number' }).notNull(),
    contractedKg: bigint('contracted_kg', { mode: 'number' }).notNull(),
    tolerancePercent: integer('tolerance_percent').notNull(),
    shortfallKg: bigint('shortfall_kg', { mode: 'number' }).notNull(),
    /** The shortfall's value refunded to the buyers (Σ of their shares, capped by the holdback). */
    refundCents: bigint('refund_cents', { mode: 'number' }).notNull(),
    qualityNotes: text('quality_notes'),
    recordedBy: text('recorded_by').references(() => user.id, { onDelete: 'set null' }),
    recordedAt: createdAt(),
  },
  (t) => [
    check('operation_final_measurements_kg_check', sql`${t.measuredNetKg} >= 0 and ${t.contractedKg} > 0`),
    check('operation_final_measurements_shortfall_check', sql`${t.shortfallKg} >= 0 and ${t.refundCents} >= 0`),
  ],
);
