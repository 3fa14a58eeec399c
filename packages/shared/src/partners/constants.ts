/** What a partner company does for the platform's deals. */
export const PARTNER_KINDS = [
  'trading',
  'brokerage',
  'shipping',
  'logistics',
  'financial',
  'inspection',
  'insurance',
] as const;
export type PartnerKind = (typeof PARTNER_KINDS)[number];

/** The role a partner plays in one operation (spec §2: managed by, money arbitrage, shipping and logistics). */
export const OPERATION_PARTNER_ROLES = ['manager', 'money_arbitrage', 'shipping', 'logistics'] as const;
export type OperationPartnerRole = (typeof OPERATION_PARTNER_ROLES)[number];
