import { doublePrecision, integer, pgView, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/*
 * Read models defined in SQL by the custom migration (drizzle/*_views.sql);
 * declared here with `.existing()` so queries on them are typed and drizzle-kit
 * leaves them alone.
 */

/** A buyer's dashboard figures, from their live orders (every profile has a row). */
export const buyerKpis = pgView('buyer_kpis', {
  userId: text('user_id').notNull(),
  activeOps: integer('active_ops').notNull(),
  totalVolume: integer('total_volume').notNull(),
  completedOps: integer('completed_ops').notNull(),
}).existing();

/** A seller's dashboard figures, from the operations they published (every profile has a row). */
export const sellerKpis = pgView('seller_kpis', {
  sellerId: text('seller_id').notNull(),
  activeOffers: integer('active_offers').notNull(),
  listedVolume: integer('listed_volume').notNull(),
  completedOffers: integer('completed_offers').notNull(),
}).existing();

/** Operations waiting for an admin's approval, with their seller. */
export const adminOfferReview = pgView('admin_offer_review', {
  id: uuid('id').notNull(),
  title: text('title').notNull(),
  productName: text('product_name').notNull(),
  originCountry: text('origin_country').notNull(),
  sellerName: text('seller_name').notNull(),
  sellerEmail: text('seller_email').notNull(),
  totalTons: integer('total_tons').notNull(),
  priceUsd: doublePrecision('price_usd').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  revision: integer('revision').notNull(),
  titleEn: text('title_en'),
}).existing();
