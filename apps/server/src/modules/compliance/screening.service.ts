import { type ScreeningTrigger, type ComplianceStatus } from '@tradeops/shared';
import { and, eq, inArray } from 'drizzle-orm';
import { type AppDatabase, type Queryable } from '../../db/client';
import { orders, operations, profiles } from '../../db/schema';
import { getComplianceSettings } from './compliance-settings.service';
import {
  type ScreenedCompany,
  type ScreeningOptions,
  prepareScreening,
  screenedCompanyColumns,
} from './prepare-screening';
import { recordClearScreenings, recordScreening } from './record-screening';
import { getScreeningIndex } from './screening-index';

/**
 * AML screening of companies (docs/compliance.md): the company's name and tax id and the name of
 * the person who signed it up, against every sanctions list in force. Each screening is recorded
 * (list versions, inputs, threshold, scores, outcome, who caused it); a match at or above the
 * threshold opens a case, unless the same match of the same name is already a case. The
 * company's standing (profiles.compliance_status) follows its cases: 'review' while one is open,
 * 'blocked' once one is confirmed. The checks that act on the standing (orders, offers, escrow)
 * are in compliance-gates.service.ts.
 */

/** The profiles' fields a screening reads, with the signer's date of birth where a KYC document gives it. */
export async function loadScreenedCompanies(db: Queryable, profileIds: string[]): Promise<ScreenedCompany[]> {
  if (profileIds.length === 0) return [];
  return db.select(screenedCompanyColumns).from(profiles).where(inArray(profiles.id, profileIds));
}

/** A company to screen, and what its record says: who caused the screening and what for. */
export interface ScreeningSubject {
  profileId: string;
  options: ScreeningOptions;
}

/**
 * Screens companies now, each in its own transaction (a hit is recorded whatever the caller does
 * next), and answers each one's standing. The caller's gate (compliance-gates.service.ts) then refuses
 * what a standing other than 'clear' does not allow.
 */
export async function screenCompanies(
  db: AppDatabase,
  profileIds: string[],
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
): Promise<Map<string, ComplianceStatus>> {
  return screenSubjects(
    db,
    profileIds.map((profileId) => ({ profileId, options })),
    trigger,
  );
}

/**
 * `screenCompanies` for subjects with records of their own (a batch of orders: each order's buyer and
 * seller, for that order's buyer and operation): each company is matched once, each distinct subject
 * recorded once.
 */
export async function screenSubjects(
  db: AppDatabase,
  subjects: readonly ScreeningSubject[],
  trigger: ScreeningTrigger,
): Promise<Map<string, ComplianceStatus>> {
  const distinct = [
    ...new Map(subjects.map((subject) => [JSON.stringify([subject.profileId, subject.options]), subject])).values(),
  ];
  const companies = await loadScreenedCompanies(db, [...new Set(distinct.map((subject) => subject.profileId))]);
  const loaded = await getScreeningIndex(db);
  const { screeningThreshold } = await getComplianceSettings(db);
  const prepared = new Map(
    companies.map((company) => [company.id, prepareScreening(loaded, screeningThreshold, company)] as const),
  );
  const screened = distinct.flatMap((subject) => {
    const item = prepared.get(subject.profileId);
    return item ? [{ prepared: item, options: subject.options }] : [];
  });
  const standings = new Map<string, ComplianceStatus>();
  // Nothing found (the usual case): the records in one statement, no transaction around it.
  if (screened.every((item) => item.prepared.hits.length === 0)) {
    const decisions = await recordClearScreenings(db, screened, trigger);
    screened.forEach((item, index) => standings.set(item.prepared.company.id, decisions[index]!));
    return standings;
  }
  await db.transaction(async (tx) => {
    for (const item of screened) {
      const result = await recordScreening(tx, item.prepared, trigger, item.options);
      standings.set(item.prepared.company.id, result.decision);
    }
  });
  return standings;
}

/** Screens one company (sign-up, a change of its name or tax id, the KYC review). */
export async function screenCompany(
  db: AppDatabase,
  profileId: string,
  trigger: ScreeningTrigger,
  options: ScreeningOptions,
): Promise<ComplianceStatus> {
  return (await screenCompanies(db, [profileId], trigger, options)).get(profileId) ?? 'clear';
}

/**
 * Before orders or a waitlist claim: screens each one's buyer and its operation's seller (a screening
 * record each, caused by the buyer, for the operation). The order's transaction then checks both
 * standings under lock (assertOrderAllowed, orderPartiesFrom).
 */
export async function screenOrderParties(
  db: AppDatabase,
  parties: readonly { buyerId: string; operationId: string }[],
  trigger: 'order' | 'waitlist_claim',
): Promise<void> {
  const sellers = await db
    .select({ id: operations.id, sellerId: operations.sellerId })
    .from(operations)
    .where(inArray(operations.id, [...new Set(parties.map((party) => party.operationId))]));
  const sellerOf = new Map(sellers.map((operation) => [operation.id, operation.sellerId]));
  await screenSubjects(
    db,
    parties.flatMap(({ buyerId, operationId }) => {
      const sellerId = sellerOf.get(operationId);
      const options = { actorId: buyerId, context: { operationId } };
      return sellerId
        ? [
            { profileId: buyerId, options },
            { profileId: sellerId, options },
          ]
        : [];
    }),
    trigger,
  );
}

/**
 * Before escrow moves: screens the seller and every buyer whose order still holds money in the
 * operation. The payout itself then checks their standing under lock (assertEscrowMayMove).
 */
export async function screenEscrowParties(
  db: AppDatabase,
  operationId: string,
  options: ScreeningOptions,
): Promise<void> {
  const [operation] = await db
    .select({ sellerId: operations.sellerId })
    .from(operations)
    .where(eq(operations.id, operationId));
  if (!operation) return;
  const buyers = await db
    .selectDistinct({ userId: orders.userId })
    .from(orders)
    .where(and(eq(orders.operationId, operationId), eq(orders.paymentStatus, 'confirmed')));
  await screenCompanies(db, [operation.sellerId, ...buyers.map((buyer) => buyer.userId)], 'escrow_payout', {
    ...options,
    context: { operationId, ...options.context },
  });
}
