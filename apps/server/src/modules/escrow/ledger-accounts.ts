/**
 * Names of escrow ledger accounts. Money moves buyer → escrow (deposit), then
 * escrow → seller (release) or escrow → buyer (refund); a balance is the sum of
 * an account's entries.
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
