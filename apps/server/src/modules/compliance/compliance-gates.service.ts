import { toIsoDate } from '@tradeops/shared';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { profiles } from '../../db/schema';
import { AppError } from '../../errors';
import { getComplianceSettings } from './compliance-settings.service';

/**
 * What a company's compliance standing allows, checked in the caller's transaction with the
 * company's profile share-locked: a case decision (which updates the profile) waits for the
 * orders and payouts that read it, and those that start after it read the new standing. So a
 * confirmed hit stops every order and payout that commits after it, under any concurrency.
 */

export interface TradeRules {
  /** Embargoed jurisdictions (compliance settings), ISO alpha-2. */
  embargoed: readonly string[];
}

async function lockStandings(tx: AppTransaction, profileIds: string[]) {
  // Always in id order: two transactions share-locking the same rows never wait on each other in a cycle.
  return tx
    .select({
      id: profiles.id,
      complianceStatus: profiles.complianceStatus,
      country: profiles.country,
      kycExpiresAt: profiles.kycExpiresAt,
      // What an order's contract names of each party, read in the same statement (contractColumnsFor).
      companyName: profiles.companyName,
      taxId: profiles.taxId,
    })
    .from(profiles)
    .where(inArray(profiles.id, [...new Set(profileIds)].sort()))
    .orderBy(asc(profiles.id))
    .for('share');
}

/**
 * The company may place new orders or offers: no open or confirmed case (a neutral message: the
 * company never learns which list or entry), not registered in an embargoed jurisdiction, its KYC
 * not lapsed.
 */
export async function assertCompanyMayTrade(tx: AppTransaction, profileId: string, rules: TradeRules): Promise<void> {
  const [standing] = await lockStandings(tx, [profileId]);
  assertStandingMayTrade(standing, rules);
}

type Standing = Awaited<ReturnType<typeof lockStandings>>[number];

function assertStandingMayTrade(standing: Standing | undefined, rules: TradeRules): void {
  if (!standing) throw new AppError('NOT_FOUND');
  if (standing.complianceStatus !== 'clear') throw new AppError('COMPLIANCE_HOLD');
  if (standing.country && rules.embargoed.includes(standing.country)) {
    throw new AppError('COMPANY_JURISDICTION_EMBARGOED', { country: standing.country });
  }
  // A lapsed KYC stops new orders and offers (what the company already holds stays its own).
  if (standing.kycExpiresAt && standing.kycExpiresAt.getTime() <= Date.now()) {
    throw new AppError('KYC_EXPIRED', { date: toIsoDate(standing.kycExpiresAt) });
  }
}

/** Sign-up and a change of country: no company registered in an embargoed jurisdiction. */
export async function assertCountryNotEmbargoed(db: Queryable, country: string | null | undefined): Promise<void> {
  if (!country) return;
  const { embargoedJurisdictions } = await getComplianceSettings(db);
  if (embargoedJurisdictions.includes(country)) throw new AppError('COMPANY_JURISDICTION_EMBARGOED', { country });
}

/** An operation's route must not start or end in an embargoed jurisdiction. */
export function assertRouteNotEmbargoed(
  route: { originCountry: string; destinationCountry: string },
  rules: TradeRules,
): void {
  for (const country of [route.originCountry, route.destinationCountry]) {
    if (rules.embargoed.includes(country)) throw new AppError('JURISDICTION_EMBARGOED', { country });
  }
}

/**
 * A seller's new or edited offer: the seller may trade and the route is open (read with the
 * current compliance settings).
 */
export async function assertOfferAllowed(
  tx: AppTransaction,
  sellerId: string,
  route: { originCountry: string; destinationCountry: string },
): Promise<void> {
  const rules = { embargoed: (await getComplianceSettings(tx)).embargoedJurisdictions };
  assertRouteNotEmbargoed(route, rules);
  await assertCompanyMayTrade(tx, sellerId, rules);
}

/** A company as an order's checks read it under the share lock: its standing and what its contract names. */
export type OrderParty = Standing;

/**
 * An order (or a waitlist claim) between a buyer and an operation's seller: the buyer may trade,
 * the route is open, and the seller is in good standing. A seller on hold makes the operation
 * unavailable, said neutrally to the buyer. Answers both parties as read under the lock, for the
 * order's contract.
 */
export async function assertOrderAllowed(
  tx: AppTransaction,
  order: { buyerId: string; operation: { sellerId: string; originCountry: string; destinationCountry: string } },
  rules: TradeRules,
): Promise<{ buyer: OrderParty; seller: OrderParty }> {
  // Both companies share-locked in one statement (in id order, as every caller locks them).
  return orderPartiesFrom(await lockOrderParties(tx, [order.buyerId, order.operation.sellerId]), order, rules);
}

/**
 * The companies of several orders (a batch: every buyer and seller), share-locked in one statement,
 * by id. Each order is then checked with `orderPartiesFrom`, as `assertOrderAllowed` checks one.
 */
export async function lockOrderParties(tx: AppTransaction, profileIds: string[]): Promise<Map<string, OrderParty>> {
  return new Map((await lockStandings(tx, profileIds)).map((standing) => [standing.id, standing]));
}

/** `assertOrderAllowed` on parties already share-locked (`lockOrderParties`): throws what it throws. */
export function orderPartiesFrom(
  parties: ReadonlyMap<string, OrderParty>,
  order: { buyerId: string; operation: { sellerId: string; originCountry: string; destinationCountry: string } },
  rules: TradeRules,
): { buyer: OrderParty; seller: OrderParty } {
  assertRouteNotEmbargoed(order.operation, rules);
  const buyer = parties.get(order.buyerId);
  assertStandingMayTrade(buyer, rules);
  const seller = parties.get(order.operation.sellerId);
  if (!seller || seller.complianceStatus !== 'clear') throw new AppError('OPERATION_UNAVAILABLE');
  return { buyer: buyer!, seller };
}

/**
 * Escrow moves (a release, a refund) only while the buyer and the seller are both clear: an open
 * case holds the money until an admin decides it, a confirmed one freezes it.
 */
export async function assertEscrowMayMove(tx: AppTransaction, parties: { buyerId: string; sellerId: string }) {
  const standings = await lockStandings(tx, [parties.buyerId, parties.sellerId]);
  if (standings.some((standing) => standing.complianceStatus !== 'clear')) throw new AppError('ESCROW_ON_HOLD');
}

/** Whether a company has an open or confirmed case (the KYC approval waits for a decision). */
export async function hasUnresolvedCases(tx: AppTransaction, profileId: string): Promise<boolean> {
  const [row] = await tx
    .select({ status: profiles.complianceStatus })
    .from(profiles)
    .where(and(eq(profiles.id, profileId)));
  return (row?.status ?? 'clear') !== 'clear';
}
