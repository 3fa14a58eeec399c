/**
 * A deal's trade terms (issue 28): the Incoterm 2020 rule with its named place, the shipment
 * window, the quantity tolerance, the quality specification, the inspection body, who insures
 * the goods and for what share of their value, and the payment terms. Stored on the operation
 * (operations.trade_terms), copied into each order's contract when the buyer orders.
 */

/** The Incoterms 2020 rules a deal may name (the seller's wizard offers these, in this order). */
export const INCOTERMS = ['FOB', 'CFR', 'CIF', 'FCA', 'CPT', 'CIP', 'DAP', 'DDP'] as const;
export type Incoterm = (typeof INCOTERMS)[number];

/** Incoterms 2020 rules under which the seller must insure the goods (CIF and CIP). */
export const INCOTERMS_SELLER_INSURES: readonly Incoterm[] = ['CIF', 'CIP'];

/** Who buys the cargo insurance. */
export const INSURANCE_PAYERS = ['seller', 'buyer', 'none'] as const;
export type InsurancePayer = (typeof INSURANCE_PAYERS)[number];

/** The insured share of the goods' value, in percent: Incoterms 2020 asks at least 110 % under CIF and CIP. */
export const INSURED_PERCENT_RANGE = { min: 100, max: 150, default: 110 } as const;

/** The quantity tolerance (± % of the contracted tons, "more or less"), whole percent. */
export const QUANTITY_TOLERANCE_RANGE = { min: 0, max: 10, default: 5 } as const;

/** The share of a passed inspection's release paid to the seller at once; the rest waits for the final measurement. */
export const DEFAULT_HOLDBACK_RELEASE_BPS = 9_000;
export const HOLDBACK_RELEASE_BPS_RANGE = { min: 5_000, max: 10_000 } as const;
