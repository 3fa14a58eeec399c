/**
 * Names of escrow ledger accounts. Money moves buyer → escrow (deposit), then
 * escrow → seller (release, less the platform's fee to PLATFORM_REVENUE_ACCOUNT) or
 * escrow → buyer (refund); a balance is the sum of an account's entries.
 */
export function buyerAccount(userId: string): string {
  return `buyer:${userId}`;
}

export function escrowAccount(operationId: string): string {
  return `escrow:${operationId}`;
}

export function sellerAccount(userId: string): string {
  return `seller:${userId}`;
}

/** Where the platform's commission on seller payouts accumulates (one account for the whole platform). */
export const PLATFORM_REVENUE_ACCOUNT = 'platform:revenue';
