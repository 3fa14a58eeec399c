/**
 * The escrow feature's query keys. The ledger sits under the admin's payment
 * prefix (`['admin', 'payments']`, what a payment decision refreshes): a
 * confirmed payment is a deposit in it.
 */
export const escrowKeys = {
  all: ['admin', 'payments', 'ledger'] as const,
  ledger: (operationId: string, language: string) => [...escrowKeys.all, operationId, language] as const,
};
