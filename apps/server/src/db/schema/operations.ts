import {
  FINAL_OPERATION_STATUSES,
  MIN_PRICE_PER_TON_CENTS,
  OPERATION_MILESTONE_KINDS,
  OPERATION_PARTNER_ROLES,
  OPERATION_REVIEW_STATUSES,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  PRODUCT_CATEGORIES,
  type OperationMilestoneKind,
  type OperationPartnerRole,
  type OperationReviewStatus,
  type OperationStatus,
  type OperationType,
  type ProductCategory,
  PARTNER_USER_ROLES,
  TRADE_DOCUMENT_KINDS,
  TRADE_DOCUMENT_STATUSES,
  type MilestoneDetails,
  type PartnerUserRole,
  type TradeDocumentKind,
  type TradeDocumentStatus,
  type TradeTerms,
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
import { checkIn, createdAt, sqlList, timestamptz, updatedAt } from './columns';
import { partners } from './partners';

/** A product's specification sheet; the file lives in the `specs` bucket. One current sheet per product. */
export const productSpecs = pgTable(
  'product_specs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productName: text('product_name').notNull().unique(),
    /** Key in the `specs` bucket. */
    fileKey: text('file_key').notNull(),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    version: text('version').notNull(),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [check('product_specs_size_check', sql`${t.sizeBytes} >= 0`)],
);

/**
 * A pooled deal. Its status and allocated_tons change only through the operation
 * aggregate (modules/operations/operation-aggregate.ts) under the row lock, following
 * the shared state table; the CHECKs are the last line that keeps tons within total_tons.
 */
export const operations = pgTable(
  'operations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * A short number people can quote (OP-000123), given by the database in order of creation:
     * the seller's statements are numbered from it (docs/decisions/016-money-dialogs-ledger-statements.md).
     */
    referenceNumber: integer('reference_number').notNull().unique().generatedByDefaultAsIdentity(),
    isFeatured: boolean('is_featured').notNull().default(false),
    title: text('title').notNull(),
    titleEn: text('title_en'),
    description: text('description').notNull().default(''),
    descriptionEn: text('description_en'),
    productName: text('product_name').notNull(),
    productCategory: text('product_category').$type<ProductCategory>().notNull(),
    type: text('type').$type<OperationType>().notNull(),
    originCountry: text('origin_country').notNull(),
    destinationCountry: text('destination_country').notNull(),
    arrivalPort: text('arrival_port'),
    warehouse: text('warehouse'),
    /** A line summing up the product's specification (e.g. '26% fat'), in Spanish and optionally English. */
    specification: text('specification'),
    specificationEn: text('specification_en'),
    /** The deal's trade terms (Incoterm and place, shipment window, tolerance…): ZTradeTerms, docs/decisions/021. */
    tradeTerms: jsonb('trade_terms').$type<TradeTerms>().notNull(),
    productSpecId: uuid('product_spec_id').references(() => productSpecs.id, { onDelete: 'set null' }),
    /** A public image bundled with the web app, e.g. '/images/ops/milk-powder.webp'. */
    imagePath: text('image_path'),
    totalTons: integer('total_tons').notNull(),
    allocatedTons: integer('allocated_tons').notNull().default(0),
    lotStepTons: integer('lot_step_tons').notNull().default(5),
    minVolume: integer('min_volume').notNull(),
    maxPerParticipantTons: integer('max_per_participant_tons'),
    containerTons: integer('container_tons'),
    pricePerTonCents: bigint('price_per_ton_cents', { mode: 'number' }).notNull(),
    totalPriceCents: bigint('total_price_cents', { mode: 'number' }).generatedAlwaysAs(
      sql`total_tons::bigint * price_per_ton_cents`,
    ),
    deadline: timestamptz('deadline'),
    expectedDeparture: date('expected_departure', { mode: 'string' }),
    expectedArrival: date('expected_arrival', { mode: 'string' }),
    status: text('status').$type<OperationStatus>().notNull().default('pending'),
    reviewStatus: text('review_status').$type<OperationReviewStatus>().notNull().default('pending'),
    reviewRejectionReason: text('review_rejection_reason'),
    /** Counts the seller's versions of the offer (each edit is one): the admin's decision names one. */
    revision: integer('revision').notNull().default(1),
    sellerId: text('seller_id')
      .notNull()
      .references(() => user.id, { onDelete: 'restrict' }),
    viewsCount: integer('views_count').notNull().default(0),
    approvedAt: timestamptz('approved_at'),
    approvedBy: text('approved_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('operations_product_category_check', t.productCategory, PRODUCT_CATEGORIES),
    checkIn('operations_type_check', t.type, OPERATION_TYPES),
    checkIn('operations_status_check', t.status, OPERATION_STATUSES),
    checkIn('operations_review_status_check', t.reviewStatus, OPERATION_REVIEW_STATUSES),
    check('operations_origin_country_check', sql`${t.originCountry} ~ '^[A-Z]{2}$'`),
    check('operations_destination_country_check', sql`${t.destinationCountry} ~ '^[A-Z]{2}$'`),
    check('operations_total_tons_check', sql`${t.totalTons} > 0`),
    check('operations_allocated_tons_check', sql`${t.allocatedTons} >= 0 and ${t.allocatedTons} <= ${t.totalTons}`),
    check('operations_lot_step_check', sql`${t.lotStepTons} > 0`),
    check('operations_min_volume_check', sql`${t.minVolume} > 0 and ${t.minVolume} <= ${t.totalTons}`),
    check(
      'operations_max_per_participant_check',
      sql`${t.maxPerParticipantTons} is null or ${t.maxPerParticipantTons} >= ${t.minVolume}`,
    ),
    check('operations_container_tons_check', sql`${t.containerTons} is null or ${t.containerTons} > 0`),
    // A price per ton is at least $1 (the offer schema's floor); only a deal that ended before the floor
    // existed may keep a lower one (migration 0006 ended every live deal below it).
    check(
      'operations_price_check',
      sql`${t.pricePerTonCents} >= ${sql.raw(String(MIN_PRICE_PER_TON_CENTS))} or ${t.status} in (${sqlList(FINAL_OPERATION_STATUSES)})`,
    ),
    check('operations_views_check', sql`${t.viewsCount} >= 0`),
    check('operations_revision_check', sql`${t.revision} > 0`),
    check(
      'operations_dates_check',
      sql`${t.expectedDeparture} is null or ${t.expectedArrival} is null or ${t.expectedArrival} >= ${t.expectedDeparture}`,
    ),
    check(
      'operations_rejection_reason_check',
      sql`${t.reviewStatus} <> 'rejected' or coalesce(btrim(${t.reviewRejectionReason}), '') <> ''`,
    ),
    // At most one featured deal: the landing's featured card reads it.
    uniqueIndex('operations_one_featured_idx')
      .on(t.isFeatured)
      .where(sql`is_featured`),
    // The public list: approved, optionally by status, newest first.
    index('operations_public_list_idx').on(
      t.reviewStatus,
      t.status,
      t.createdAt.desc().nullsFirst(),
      t.id.desc().nullsFirst(),
    ),
    index('operations_public_all_idx').on(t.reviewStatus, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The seller's offers, newest first a page at a time: keyset (created_at, id) per seller.
    index('operations_seller_idx').on(t.sellerId, t.createdAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // The admins' operations list: last changed first.
    index('operations_updated_idx').on(t.updatedAt.desc().nullsFirst(), t.id.desc().nullsFirst()),
    // Search by product or title in either language (ILIKE '%…%'): trigram indexes (pg_trgm).
    index('operations_product_name_trgm_idx').using('gin', t.productName.op('gin_trgm_ops')),
    index('operations_title_trgm_idx').using('gin', t.title.op('gin_trgm_ops')),
    index('operations_title_en_trgm_idx').using('gin', t.titleEn.op('gin_trgm_ops')),
    // The admin dashboard's allocation chart: the most allocated open deals (a top 12, not a sort of them all).
    index('operations_allocation_chart_idx')
      .on(t.allocatedTons.desc().nullsFirst(), t.deadline, t.createdAt.desc().nullsFirst())
      .where(sql`review_status = 'approved' and status in ('active', 'allocated', 'funded')`),
  ],
);

/**
 * How many operations each offer review status holds (the admins' operations list counts the
 * reviewed ones): kept by row triggers on operations that fire on an insert, a delete and a change
 * of review_status only (migration 0034), not on the allocation updates every order makes.
 */
export const operationReviewCounts = pgTable(
  'operation_review_counts',
  {
    reviewStatus: text('review_status').$type<OperationReviewStatus>().primaryKey(),
    operations: bigint('operations', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    checkIn('operation_review_counts_status_check', t.reviewStatus, OPERATION_REVIEW_STATUSES),
    check('operation_review_counts_operations_check', sql`${t.operations} >= 0`),
  ],
);

/** Who runs which part of a deal (managed by, money arbitrage, shipping, logistics). */
export const operationPartners = pgTable(
  'operation_partners',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    role: text('role').$type<OperationPartnerRole>().notNull(),
  },
  (t) => [
    primaryKey({ name: 'operation_partners_pk', columns: [t.operationId, t.partnerId, t.role] }),
    checkIn('operation_partners_role_check', t.role, OPERATION_PARTNER_ROLES),
    index('operation_partners_partner_idx').on(t.partnerId),
  ],
);

/** Users who follow a deal (the Watch action). */
export const operationWatchers = pgTable(
  'operation_watchers',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'operation_watchers_pk', columns: [t.operationId, t.userId] }),
    index('operation_watchers_user_idx').on(t.userId),
  ],
);

/** Progress of a deal after allocation, each step recorded once (ETA updates as often as the ship's plan changes). */
export const operationMilestones = pgTable(
  'operation_milestones',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<OperationMilestoneKind>().notNull(),
    occurredAt: timestamptz('occurred_at').notNull(),
    /** e.g. the inspection's outcome. */
    result: text('result'),
    /** Key of a supporting document in the `documents` bucket. */
    documentKey: text('document_key'),
    notes: text('notes'),
    /** The departure's B/L, vessel, voyage and containers; the inspection's net weight and quality; an ETA. */
    details: jsonb('details').$type<MilestoneDetails>(),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('operation_milestones_operation_kind_unique')
      .on(t.operationId, t.kind)
      .where(sql`kind <> 'eta_update'`),
    index('operation_milestones_operation_idx').on(t.operationId, t.occurredAt),
    checkIn('operation_milestones_kind_check', t.kind, OPERATION_MILESTONE_KINDS),
  ],
);

/**
 * A deal's trade documents (its checklist: modules/trade-documents): one current file per kind; an
 * upload replaces the file and clears a rejection. The file lives in the `documents` bucket.
 */
export const operationDocuments = pgTable(
  'operation_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<TradeDocumentKind>().notNull(),
    status: text('status').$type<TradeDocumentStatus>().notNull().default('uploaded'),
    /** null only for a grandfathered document (no file). */
    fileName: text('file_name'),
    documentKey: text('document_key'),
    uploadedBy: text('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    uploadedAt: timestamptz('uploaded_at').notNull().defaultNow(),
    rejectionReason: text('rejection_reason'),
    rejectedBy: text('rejected_by').references(() => user.id, { onDelete: 'set null' }),
    rejectedAt: timestamptz('rejected_at'),
    /**
     * A step recorded before checklists existed: the document stands as provided for the gates
     * (decision 022). No file is served for it.
     */
    grandfathered: boolean('grandfathered').notNull().default(false),
  },
  (t) => [
    unique('operation_documents_operation_kind_unique').on(t.operationId, t.kind),
    checkIn('operation_documents_kind_check', t.kind, TRADE_DOCUMENT_KINDS),
    checkIn('operation_documents_status_check', t.status, TRADE_DOCUMENT_STATUSES),
    check(
      'operation_documents_file_check',
      sql`${t.grandfathered} or (${t.documentKey} is not null and ${t.fileName} is not null)`,
    ),
    check(
      'operation_documents_rejection_reason_check',
      sql`${t.status} <> 'rejected' or coalesce(btrim(${t.rejectionReason}), '') <> ''`,
    ),
  ],
);

/** Partner accounts (logistics, inspector) an admin assigned to a deal: they see it and record their steps. */
export const operationAssignees = pgTable(
  'operation_assignees',
  {
    operationId: uuid('operation_id')
      .notNull()
      .references(() => operations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    role: text('role').$type<PartnerUserRole>().notNull(),
    assignedBy: text('assigned_by').references(() => user.id, { onDelete: 'set null' }),
    assignedAt: timestamptz('assigned_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'operation_assignees_pk', columns: [t.operationId, t.userId] }),
    checkIn('operation_assignees_role_check', t.role, PARTNER_USER_ROLES),
    index('operation_assignees_user_idx').on(t.userId, t.assignedAt.desc()),
  ],
);
