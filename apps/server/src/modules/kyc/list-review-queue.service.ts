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
import {
  kycReviewWaits,
  onboardingStatus,
  operationReviewCounts,
  profiles,
  user,
  userDocuments,
} from '../../db/schema';
import { getCompanyScreenings } from '../compliance/cases.service';
import { toDocumentList } from './kyc.service';

/*
 * Users waiting for a reviewer: not admins, documents sent to review (the stepper's Continue: step 2 or
 * later), and either KYC pending with a document uploaded and not reviewed yet or all five verified
 * (waiting for the approval): what kyc_review_waits keeps (migration 0035), walked in its order; or KYC
 * approved and due for renewal within 30 days with the same documents' state, read live (a condition of
 * today's date; few companies at a time, through profiles_kyc_expires_idx). The onboarding step is read
 * per candidate by its primary key (as an EXISTS the planner hashed every company's onboarding row).
 */
const sentToReview = sql`not ${profiles.isAdmin} and (
  select ${onboardingStatus.currentStep} from ${onboardingStatus} where ${onboardingStatus.userId} = ${profiles.id}
  ) >= ${ONBOARDING_STEP.review}`;

const pendingWaiting = and(sql`${kycReviewWaits.waitingSince} is not null`, sentToReview);

const renewalWaitingSince = sql<Date | null>`coalesce(
  (select min(${userDocuments.uploadedAt}) from ${userDocuments}
    where ${userDocuments.userId} = ${profiles.id} and ${userDocuments.status} = 'uploaded'),
  (select max(${userDocuments.reviewedAt}) from ${userDocuments} where ${userDocuments.userId} = ${profiles.id}
    having count(*) filter (where ${userDocuments.status} = 'verified') = ${KYC_DOCUMENT_TYPE_LIST.length}))`;

const renewalWaiting = and(
  sql`${profiles.kycStatus} = 'approved' and ${profiles.kycExpiresAt} <= now() + interval '30 days'`,
  sentToReview,
  sql`${renewalWaitingSince} is not null`,
);

/** What a queue row shows of the company (not its settings, notification preferences or reviewer). */
const queueColumns = {
  id: profiles.id,
  fullName: profiles.fullName,
  companyName: profiles.companyName,
  companyType: profiles.companyType,
  country: profiles.country,
  taxId: profiles.taxId,
  createdAt: profiles.createdAt,
  kycRevision: profiles.kycRevision,
  complianceStatus: profiles.complianceStatus,
};

/** The longest waiting first: kyc_review_waits_queue_idx (waiting_since, user_id); renewals by the same key. */
const PENDING_KEYSET: Keyset = { at: kycReviewWaits.waitingSince, id: kycReviewWaits.userId, order: 'asc' };
const RENEWAL_KEYSET: Keyset = { at: renewalWaitingSince, id: profiles.id, order: 'asc' };

async function countWaitingUsers(db: AppDatabase): Promise<number> {
  const [[pending], [renewals]] = await Promise.all([
    db
      .select({ n: count() })
      .from(kycReviewWaits)
      .innerJoin(profiles, eq(profiles.id, kycReviewWaits.userId))
      .where(pendingWaiting),
    db.select({ n: count() }).from(profiles).where(renewalWaiting),
  ]);
  return (pending?.n ?? 0) + (renewals?.n ?? 0);
}

/** What waits for a reviewer: users (their KYC) and offers (their review); the admin dashboard's figures. */
export async function countAwaitingReview(
  db: AppDatabase,
): Promise<Pick<KycOverviewResponse, 'usersAwaitingReview' | 'operationsAwaitingReview'>> {
  const [awaiting, [operationsAwaiting]] = await Promise.all([
    countWaitingUsers(db),
    // The offers waiting for review (admin_offer_review's rows: every pending offer, its seller always
    // there) from the counts kept per review status (migration 0034), not a count over the operations.
    db
      .select({ n: operationReviewCounts.operations })
      .from(operationReviewCounts)
      .where(eq(operationReviewCounts.reviewStatus, 'pending')),
  ]);
  return { usersAwaitingReview: awaiting, operationsAwaitingReview: operationsAwaiting?.n ?? 0 };
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
  // Two ordered reads of at most a page and one each, merged by the same key (waiting since, then id).
  const [pending, renewals, waiting] = await Promise.all([
    db
      .select({
        cursorAt: cursorAtOf(PENDING_KEYSET),
        profile: queueColumns,
        email: user.email,
        waitingSince: kycReviewWaits.waitingSince,
      })
      .from(kycReviewWaits)
      .innerJoin(profiles, eq(profiles.id, kycReviewWaits.userId))
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(pendingWaiting, afterCursor(PENDING_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(PENDING_KEYSET))
      .limit(page.limit + 1),
    db
      .select({
        cursorAt: cursorAtOf(RENEWAL_KEYSET),
        profile: queueColumns,
        email: user.email,
        waitingSince: renewalWaitingSince,
      })
      .from(profiles)
      .innerJoin(user, eq(user.id, profiles.id))
      .where(and(renewalWaiting, afterCursor(RENEWAL_KEYSET, page.cursor)))
      .orderBy(...keysetOrder(RENEWAL_KEYSET))
      .limit(page.limit + 1),
    countWaitingUsers(db),
  ]);
  // By time only (ISO strings in UTC with microseconds sort as text): the sort is stable, so each read
  // keeps the database's order of its ties; a pending company and a renewal never share a microsecond.
  const rows = [...pending, ...renewals]
    .sort((a, b) => (a.cursorAt < b.cursorAt ? -1 : a.cursorAt > b.cursorAt ? 1 : 0))
    .slice(0, page.limit + 1);
  const kept = rows.slice(0, page.limit);
  const toKey = (row: (typeof rows)[number]) => ({ at: row.cursorAt, id: row.profile.id });
  if (kept.length === 0) return toPage(rows, page, toKey, waiting, () => []);
  const ids = kept.map((row) => row.profile.id);
  // The page's documents and AML cases side by side; each company's standing is already in its row.
  const [documents, screenings] = await Promise.all([
    db.select().from(userDocuments).where(inArray(userDocuments.userId, ids)),
    getCompanyScreenings(
      db,
      kept.map((row) => ({ id: row.profile.id, status: row.profile.complianceStatus })),
    ),
  ]);
  const documentsOf = new Map<string, typeof documents>();
  for (const document of documents)
    documentsOf.set(document.userId, [...(documentsOf.get(document.userId) ?? []), document]);
  return toPage(rows, page, toKey, waiting, () =>
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
      documents: toDocumentList(documentsOf.get(profile.id) ?? []),
      screening: screenings.get(profile.id) ?? { status: profile.complianceStatus, lastScreenedAt: null, cases: [] },
    })),
  );
}
