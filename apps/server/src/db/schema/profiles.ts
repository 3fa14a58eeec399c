import {
  COMPANY_TYPES,
  COMPLIANCE_STATUSES,
  type ComplianceStatus,
  KYC_DOCUMENT_STATUSES,
  KYC_DOCUMENT_TYPES,
  KYC_STATUSES,
  LANGUAGES,
  ONBOARDING_STATUSES,
  ONBOARDING_STEPS,
  USER_ROLES,
  type CompanyType,
  type KycDocumentStatus,
  type KycDocumentType,
  type KycStatus,
  type Language,
  type OnboardingStatus,
  type UserRole,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { boolean, check, date, index, integer, jsonb, pgTable, text, unique, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth';
import { checkIn, createdAt, timestamptz, updatedAt } from './columns';

export interface NotificationPrefs {
  email: boolean;
  in_app: boolean;
}

/** The company profile behind a Better Auth user (one row per user, same id). */
export const profiles = pgTable(
  'profiles',
  {
    id: text('id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    companyName: text('company_name').notNull(),
    companyType: text('company_type').$type<CompanyType>(),
    country: text('country'),
    taxId: text('tax_id'),
    /** null until the user picks a mode at /mode-select. */
    role: text('role').$type<UserRole>(),
    kycStatus: text('kyc_status').$type<KycStatus>().notNull().default('pending'),
    kycRejectionReason: text('kyc_rejection_reason'),
    kycReviewedAt: timestamptz('kyc_reviewed_at'),
    kycReviewedBy: text('kyc_reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    isAdmin: boolean('is_admin').notNull().default(false),
    isStaff: boolean('is_staff').notNull().default(false),
    language: text('language').$type<Language>().notNull().default('es'),
    /** Counts versions of the company data KYC reviews (name, type, country, tax id): a decision names one. */
    kycRevision: integer('kyc_revision').notNull().default(1),
    /**
     * The company's standing after its sanctions screening cases (modules/compliance): 'review'
     * while a case is open, 'blocked' after a confirmed hit; either refuses new orders, offers and
     * escrow movements. Orders and payouts read it under a share lock; a case decision updates it.
     */
    /** When the approval lapses (renewal period, or an earlier document expiry): new orders and offers stop then. */
    kycExpiresAt: timestamptz('kyc_expires_at'),
    /** The last renewal reminder sent for this expiry (30, then 7 days before); reset by the next approval. */
    kycRenewalRemindedDays: integer('kyc_renewal_reminded_days'),
    complianceStatus: text('compliance_status').$type<ComplianceStatus>().notNull().default('clear'),
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPrefs>()
      .notNull()
      .default({ email: true, in_app: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    checkIn('profiles_company_type_check', t.companyType, COMPANY_TYPES),
    checkIn('profiles_role_check', t.role, USER_ROLES),
    checkIn('profiles_kyc_status_check', t.kycStatus, KYC_STATUSES),
    checkIn('profiles_language_check', t.language, LANGUAGES),
    checkIn('profiles_compliance_status_check', t.complianceStatus, COMPLIANCE_STATUSES),
    check('profiles_country_check', sql`${t.country} ~ '^[A-Z]{2}$'`),
    check('profiles_kyc_revision_check', sql`${t.kycRevision} > 0`),
    // A rejection always tells the company why (spec: /kyc-cuenta/reintentar shows the reason).
    check(
      'profiles_rejection_reason_check',
      sql`${t.kycStatus} <> 'rejected' or coalesce(btrim(${t.kycRejectionReason}), '') <> ''`,
    ),
    index('profiles_kyc_status_idx').on(t.kycStatus),
    // The renewal reminders' daily sweep reads approved companies by expiry.
    index('profiles_kyc_expires_idx')
      .on(t.kycExpiresAt)
      .where(sql`kyc_status = 'approved'`),
  ],
);

/** The 4-step onboarding stepper (document upload, compliance review, verification, completed). */
export const onboardingStatus = pgTable(
  'onboarding_status',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    currentStep: integer('current_step').notNull().default(1),
    status: text('status').$type<OnboardingStatus>().notNull().default('in_progress'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('onboarding_status_step_check', sql`${t.currentStep} between 1 and ${sql.raw(String(ONBOARDING_STEPS))}`),
    checkIn('onboarding_status_status_check', t.status, ONBOARDING_STATUSES),
  ],
);

/** One row per required KYC document of a user; a re-upload replaces the file of the same row. */
export const userDocuments = pgTable(
  'user_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    documentType: text('document_type').$type<KycDocumentType>().notNull(),
    /** The uploaded file's original name, sanitised; never used as a storage path. */
    fileName: text('file_name'),
    /** Key in the `documents` bucket. */
    storageKey: text('storage_key'),
    mimeType: text('mime_type'),
    sizeBytes: integer('size_bytes'),
    status: text('status').$type<KycDocumentStatus>().notNull().default('pending'),
    rejectReason: text('reject_reason'),
    /** Counts the files uploaded under this row (a replacement keeps the id): a decision names one. */
    revision: integer('revision').notNull().default(1),
    /** The document's own dates where its type has them (shared DOCUMENT_DATES). */
    issuedOn: date('issued_on', { mode: 'string' }),
    expiresOn: date('expires_on', { mode: 'string' }),
    /** The identity document's holder's date of birth: the person's screening uses it. */
    holderBirthDate: date('holder_birth_date', { mode: 'string' }),
    uploadedAt: timestamptz('uploaded_at'),
    reviewedAt: timestamptz('reviewed_at'),
    reviewedBy: text('reviewed_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('user_documents_user_type_unique').on(t.userId, t.documentType),
    // The KYC review queue: documents uploaded and not reviewed yet.
    index('user_documents_uploaded_idx')
      .on(t.userId, t.uploadedAt)
      .where(sql`status = 'uploaded'`),
    checkIn('user_documents_type_check', t.documentType, Object.keys(KYC_DOCUMENT_TYPES)),
    checkIn('user_documents_status_check', t.status, KYC_DOCUMENT_STATUSES),
    check('user_documents_size_check', sql`${t.sizeBytes} is null or ${t.sizeBytes} >= 0`),
    check('user_documents_revision_check', sql`${t.revision} > 0`),
    check('user_documents_file_check', sql`${t.status} = 'pending' or ${t.storageKey} is not null`),
    check(
      'user_documents_rejection_reason_check',
      sql`${t.status} <> 'rejected' or coalesce(btrim(${t.rejectReason}), '') <> ''`,
    ),
  ],
);

/**
 * Since when a pending company's documents have waited for a reviewer (the KYC queue's order): its
 * oldest upload not reviewed yet, else, once all five are verified, the last review (waiting for the
 * approval); null when nothing waits or the company's KYC is not pending. One row per company with
 * documents, kept by row triggers on user_documents and on a change of profiles.kyc_status in the
 * writing transaction (migration 0035), this row locked last so two changes compute it one after the
 * other. Approved companies due for renewal wait too: the queue reads those live (a condition of the date).
 */
export const kycReviewWaits = pgTable(
  'kyc_review_waits',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => user.id, { onDelete: 'cascade' }),
    waitingSince: timestamptz('waiting_since'),
  },
  (t) => [
    // The queue, the longest waiting first, a page at a time: keyset (waiting_since, user_id).
    index('kyc_review_waits_queue_idx')
      .on(t.waitingSince, t.userId)
      .where(sql`waiting_since is not null`),
  ],
);
