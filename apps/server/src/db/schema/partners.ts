import { PARTNER_KINDS, type PartnerKind } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { checkIn, createdAt, updatedAt } from './columns';

/** Companies that run parts of the deals: trading firms, brokers, shipping lines, inspectors… */
export const partners = pgTable(
  'partners',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    kind: text('kind').$type<PartnerKind>().notNull(),
    country: text('country').notNull(),
    website: text('website'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('partners_kind_check', t.kind, PARTNER_KINDS),
    check('partners_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
  ],
);
