/**
 * Names of escrow ledger accounts. Money moves buyer → escrow (deposit), then
 * escrow → seller (release, less the platform's fee to PLATFORM_REVENUE_ACCOUNT) or
 * escrow → buyer (refund); a balance is the sum of an account's entries.
 */
export function buyerAccount(userId: string): string {
  return `buyer:${userId}`;
}

/** The prefix of every escrow account (account_balances.kind). */
export const ESCROW_ACCOUNT_KIND = 'escrow';

export function escrowAccount(operationId: string): string {
  return `${ESCROW_ACCOUNT_KIND}:${operationId}`;
}

export function sellerAccount(userId: string): string {
  return `seller:${userId}`;
}

/** Where the platform's commission on seller payouts accumulates (one account for the whole platform). */
export const PLATFORM_REVENUE_ACCOUNT = 'platform:revenue';
