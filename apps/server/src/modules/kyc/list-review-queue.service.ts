import {
  KYC_DOCUMENT_TYPE_LIST,
  ONBOARDING_STEP,
  type KycOverviewResponse,
  type KycReviewUser,
  type Page,
  type PageQuery,
} from '@tradeops/shared';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { type Keyset, afterCursor, cursorAtOf, keysetOrder, toPage } from '../../db/keyset';
import { onboardingStatus, operationReviewCounts, profiles, user, userDocuments } from '../../db/schema';
import { getCompanyScreenings } from '../compliance/cases.service';
import { toDocumentList } from './kyc.service';

/**
 * Users waiting for a reviewer: KYC pending, not admins, documents sent to review (the
 * stepper's Continue: step 2 or later), and either a document uploaded and not reviewed yet,
 * or all five verified (waiting for the approval).
 */
// The onboarding step is read per candidate by its primary key (a scalar subquery): as an EXISTS the planner
// hashed every company's onboarding row (a seq scan of 20,000 for 1,000 candidates on a year of data).
const awaitingReview = sql`(${profiles.kycStatus} = 'pending' or (${profiles.kycStatus} = 'approved'
  and ${profiles.kycExpiresAt} <= now() + interval '30 days')) and not ${profiles.isAdmin} and (
  select ${onboardingStatus.currentStep} from ${onboardingStatus} where ${onboardingStatus.userId} = ${profiles.id}
  ) >= ${ONBOARDING_STEP.review} and (exists (
  select 1 from ${userDocuments} where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded')
  or (select count(*) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}
    and ${userDocuments.status} = 'verified') = ${KYC_DOCUMENT_TYPE_LIST.length})`;

/** What waits for a reviewer: users (their KYC) and offers (their review); the admin dashboard's figures. */
export async function countAwaitingReview(
  db: AppDatabase,
): Promise<Pick<KycOverviewResponse, 'usersAwaitingReview' | 'operationsAwaitingReview'>> {
  const [[awaiting], [operationsAwaiting]] = await Promise.all([
    db.select({ n: count() }).from(profiles).where(awaitingReview),
    // The offers waiting for review (admin_offer_review's rows: every pending offer, its seller always
    // there) from the counts kept per review status (migration 0034), not a count over the operations.
    db
      .select({ n: operationReviewCounts.operations })
      .from(operationReviewCounts)
      .where(eq(operationReviewCounts.reviewStatus, 'pending')),
  ]);
  return { usersAwaitingReview: awaiting?.n ?? 0, operationsAwaitingReview: operationsAwaiting?.n ?? 0 };
}

export async function getKycOverview(db: AppDatabase): Promise<KycOverviewResponse> {
  const [awaiting, byStatus] = await Promise.all([
    countAwaitingReview(db),
    db
      .select({ status: profiles.kycStatus, n: count() })
      .from(profiles)
      .where(and(eq(profiles.isAdmin, false), eq(profiles.isStaff, false)))
      .groupBy(profiles.kycStatus),
  ]);
  const of = (status: string) => byStatus.find((row) => row.status === status)?.n ?? 0;
  return {
    ...awaiting,
    usersPending: of('pending'),
    usersApproved: of('approved'),
    usersRejected: of('rejected'),
  };
}

/** The review queue, the longest-waiting upload first, a page at a time, each user with the five documents. */
export async function listUsersAwaitingReview(db: AppDatabase, page: PageQuery): Promise<Page<KycReviewUser>> {
  const waitingSince = sql<Date | null>`coalesce(
    (select min(${userDocuments.uploadedAt}) from ${userDocuments}
      where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded'),
    (select max(${userDocuments.reviewedAt}) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}))`;
  // Waiting since its oldest upload (or its last review), else since sign-up: never null, so it keys the pages.
  const keyset: Keyset = { at: sql`coalesce(${waitingSince}, ${profiles.createdAt})`, id: profiles.id, order: 'asc' };
  const [rows, [waiting]] = await Promise.all([
    db
      .select({ cursorAt: cursorAtOf(keyset), profile: profiles, email: user.email, waitingSince })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(awaitingReview, afterCursor(keyset, page.cursor)))
      .orderBy(...keysetOrder(keyset))
      .limit(page.limit + 1),
    db.select({ n: count() }).from(profiles).where(awaitingReview),
  ]);
  const kept = rows.slice(0, page.limit);
  const toKey = (row: (typeof rows)[number]) => ({ at: row.cursorAt, id: row.profile.id });
  if (kept.length === 0) return toPage(rows, page, toKey, waiting?.n ?? 0, () => []);
  const documents = await db
    .select()
    .from(userDocuments)
    .where(
      inArray(
        userDocuments.userId,
        kept.map((row) => row.profile.id),
      ),
    );
  const screenings = await getCompanyScreenings(
    db,
    kept.map((row) => row.profile.id),
  );
  return toPage(rows, page, toKey, waiting?.n ?? 0, () =>
    kept.map(({ profile, email, waitingSince: since }) => ({
      userId: profile.id,
      email,
      fullName: profile.fullName,
      companyName: profile.companyName,
      companyType: profile.companyType ?? null,
      country: profile.country ?? null,
      taxId: profile.taxId ?? null,
      registeredAt: profile.createdAt.toISOString(),
      // Raw SQL values arrive as strings on node-postgres and PGlite alike.
      waitingSince: since ? new Date(since).toISOString() : null,
      revision: profile.kycRevision,
      documents: toDocumentList(documents.filter((document) => document.userId === profile.id)),
      screening: screenings.get(profile.id) ?? { status: profile.complianceStatus, lastScreenedAt: null, cases: [] },
    })),
  );
}
