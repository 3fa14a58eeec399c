/** Business constants of operations (spec §9). */
export const LOT_STEP_TONS = 5;
export const DEFAULT_ORDER_TONS = 5;
export const DEFAULT_MIN_VOLUME_TONS = 5;
export const OPERATIONS_LIST_LIMIT = 100;
export const FUND_RETENTION_DAYS = 30;
export const KYC_REVIEW_BUSINESS_HOURS = 48;

/** Lifecycle of a pooled deal (docs/architecture.md, Domain); the moves between them are in state-machine.ts. */
export const OPERATION_STATUSES = [
  'pending',
  'active',
  'allocated',
  'funded',
  'shipment_preparation',
  'in_transit',
  'arrived',
  'inspected',
  'disputed',
  'settled',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type OperationStatus = (typeof OPERATION_STATUSES)[number];

/** Statuses a deal never leaves: it holds and moves no more money. */
export const FINAL_OPERATION_STATUSES = [
  'settled',
  'rejected',
  'expired',
  'cancelled',
] as const satisfies readonly OperationStatus[];

/** A deal under way: approved and not ended (its documents may be uploaded or rejected). */
export const LIVE_OPERATION_STATUSES: readonly OperationStatus[] = OPERATION_STATUSES.filter(
  (status) => status !== 'pending' && !(FINAL_OPERATION_STATUSES as readonly OperationStatus[]).includes(status),
);

/**
 * Money and tonnage bounds of a deal. A price per ton is at least $1: below it, a price rounds to
 * 0 ¢ (an offer of $1e-9 was stored as 0 and its payments could never be confirmed). The largest
 * deal, MAX_PRICE_PER_TON_USD × MAX_OPERATION_TONS, is 10^14 cents: a safe integer in JavaScript
 * (2^53 ≈ 9 × 10^15) and far inside PostgreSQL's bigint.
 */
export const MIN_PRICE_PER_TON_CENTS = 100;
export const MAX_PRICE_PER_TON_USD = 10_000_000;
export const MAX_OPERATION_TONS = 100_000;

/** Statuses in which buyers can still take tonnage. */
export const OPEN_OPERATION_STATUSES = ['active'] as const satisfies readonly OperationStatus[];

export const OPERATION_REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type OperationReviewStatus = (typeof OPERATION_REVIEW_STATUSES)[number];

export const OPERATION_TYPES = ['import', 'export'] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

export const PRODUCT_CATEGORIES = ['dairy', 'cocoa', 'coffee', 'meat', 'grains', 'sugar', 'oilseeds', 'fruit'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PAYMENT_METHODS = ['wire', 'cash'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ['pending', 'verification', 'confirmed', 'rejected'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** An order is live (holds tons) until it expires or is cancelled. */
export const ORDER_STATUSES = ['active', 'expired', 'cancelled'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/**
 * A place in an operation's waitlist: waiting in line → invited (tons held for a
 * limited time) → claimed (an order was created) | passed (invitation expired) | left.
 */
export const WAITLIST_STATUSES = ['waiting', 'invited', 'claimed', 'passed', 'left'] as const;
export type WaitlistStatus = (typeof WAITLIST_STATUSES)[number];
/** Hours a buyer has to claim the tons of a waitlist invitation. */
export const WAITLIST_CLAIM_HOURS = 24;

/** Values of the buyer list's status filter (spec §4). */
export const OPERATION_LIST_FILTERS = ['all', 'active', 'pending'] as const;
export type OperationListFilter = (typeof OPERATION_LIST_FILTERS)[number];

/** Steps of a deal after full allocation, recorded once each (the waiting page's timeline). */
export const OPERATION_MILESTONE_KINDS = [
  'shipment_preparation',
  'departure',
  'arrival',
  'inspection',
  'settlement',
  /** The goods cleared customs at the named warehouse (recorded after arrival; no status change). */
  'customs_clearance',
  /** A new expected arrival date while in transit (repeatable; no status change). */
  'eta_update',
] as const;
export type OperationMilestoneKind = (typeof OPERATION_MILESTONE_KINDS)[number];

/** Orders of the public catalogue (/operations). */
export const CATALOGUE_SORTS = ['newest', 'price', 'available', 'closing'] as const;
export type CatalogueSort = (typeof CATALOGUE_SORTS)[number];
export const CATALOGUE_PAGE_SIZE = 12;
export const CATALOGUE_MAX_PAGE_SIZE = 48;

/** The partner roles the featured card names, in its order, under the card's camelCase key for each. */
export const OPERATION_PARTNER_ROLES_FOR_CARD = {
  manager: 'manager',
  moneyArbitrage: 'money_arbitrage',
  shipping: 'shipping',
  logistics: 'logistics',
} as const;

/** An operation's title in `language`: titles are written in Spanish with an optional English version. */
export function operationTitleFor(operation: { title: string; titleEn: string | null }, language: string): string {
  return (language === 'en' && operation.titleEn) || operation.title;
}

/**
 * What an order's page and an operation's room say of the operation first: which it is, in `language`,
 * where it stands and how full it is.
 */
export function operationStandingFor<Status extends string>(
  operation: {
    id: string;
    title: string;
    titleEn: string | null;
    status: Status;
    totalTons: number;
    allocatedTons: number;
  },
  language: string,
): { id: string; title: string; status: Status; totalTons: number; allocatedTons: number } {
  return {
    id: operation.id,
    title: operationTitleFor(operation, language),
    status: operation.status,
    totalTons: operation.totalTons,
    allocatedTons: operation.allocatedTons,
  };
}

/**
 * An operation's specification line in `language`, like its title: Spanish with an optional English
 * version; a seller who gave none in English is shown in their own words. Null when there is none.
 */
export function operationSpecificationFor(
  operation: { specification: string | null; specificationEn: string | null },
  language: string,
): string | null {
  return (language === 'en' && operation.specificationEn) || operation.specification;
}
