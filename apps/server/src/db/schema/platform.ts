import { index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { createdAt, updatedAt } from './columns';

/** Who did what to which record, and why (every admin decision lands here). */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** null: the platform itself (a scheduled job). */
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entityType: text('entity_type').notNull(),
    entityId: text('entity_id').notNull(),
    reason: text('reason'),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entityType, t.entityId, t.createdAt.desc().nullsFirst()),
    index('audit_log_created_idx').on(t.createdAt.desc().nullsFirst()),
  ],
);

/**
 * platform_settings 'escrow_bank_details' as stored: the API's EscrowBankDetails with the keys it had
 * before the API went camelCase (issue 26). modules/settings/settings.service.ts converts both ways.
 */
export interface StoredEscrowBankDetails {
  bank_name: string;
  account_name: string;
  account_number: string;
  swift: string;
  bank_address: string;
  currency: 'USD';
}

/** platform_settings 'platform_company' as stored: the API's PlatformCompany, keys as for the bank details. */
export interface StoredPlatformCompany {
  legal_name: string;
  address: string;
  tax_id: string;
}

/** Admin-editable settings (escrow bank details, order hold, fund retention). */
export const platformSettings = pgTable('platform_settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').$type<unknown>().notNull(),
  updatedAt: updatedAt(),
  updatedBy: text('updated_by').references(() => user.id, { onDelete: 'set null' }),
});
