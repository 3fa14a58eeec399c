import { z } from 'zod';
import { LANGUAGES } from '../i18n/languages';
import { ZEscrowBankDetails } from '../settings/schemas';
import { ZTradeTermsView } from '../trade-terms/schemas';

/** What a buyer's escrow movement is: money in (deposit), to the seller (release) or back to them (refund). */
export const STATEMENT_MOVEMENT_KINDS = ['deposit', 'release', 'refund'] as const;
export type StatementMovementKind = (typeof STATEMENT_MOVEMENT_KINDS)[number];

/**
 * A statement's number: unique, and the same every time the same ledger state is printed, so a
 * bank or an auditor can quote it back. A buyer's statement extends the order's payment reference
 * with the count of ledger transfers it covers (TO-TX44Z8T4S5-E2: deposit and payout); a seller's
 * names the operation's number and the count of payouts it covers (OP-000123-P4). A new movement
 * makes a new number; printing again without one does not.
 */
export function buyerStatementNumber(paymentReference: string, transfers: number): string {
  return `${paymentReference}-E${transfers}`;
}

/** "OP-000123": an operation's number as people quote it. */
export function operationReference(referenceNumber: number): string {
  return `OP-${String(referenceNumber).padStart(6, '0')}`;
}

export function sellerStatementNumber(operationReferenceNumber: number, payouts: number): string {
  return `${operationReference(operationReferenceNumber)}-P${payouts}`;
}

/** True for a time zone the runtime knows (an IANA name such as America/Caracas, or UTC). */
export function isTimeZone(value: string): boolean {
  if (value.length === 0 || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/**
 * A statement's PDF is drawn on the server in the reader's language and time zone: the page's
 * language and the browser's zone travel in the link (a download sends neither header). Without
 * `tz` the times are in UTC; every time printed names its zone.
 */
export const ZStatementPdfQuery = z.object({
  lang: z.enum(LANGUAGES, 'validation.invalid').optional(),
  tz: z.string().refine(isTimeZone, 'validation.invalid').optional(),
});

/** The platform's letterhead: who issues the statement (an admin setting). */
export const ZStatementIssuer = z.object({
  legalName: z.string(),
  address: z.string().nullable(),
  taxId: z.string().nullable(),
});
export type StatementIssuer = z.infer<typeof ZStatementIssuer>;

/** A party as KYC verified it: the company's legal name, tax id and country (ISO code). */
export const ZStatementParty = z.object({
  legalName: z.string(),
  taxId: z.string().nullable(),
  country: z.string().nullable(),
});
export type StatementParty = z.infer<typeof ZStatementParty>;

/**
 * One movement of a buyer's escrow. A partial refund is one ledger transfer with two
 * movements (release and refund), each naming that transfer.
 */
export const ZStatementMovement = z.object({
  transferId: z.uuid(),
  kind: z.enum(STATEMENT_MOVEMENT_KINDS),
  amountCents: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type StatementMovement = z.infer<typeof ZStatementMovement>;

/** GET /api/orders/{id}/statement: a buyer's own order and its escrow movements. */
export const ZBuyerStatement = z.object({
  statementNumber: z.string(),
  issuer: ZStatementIssuer,
  buyer: ZStatementParty,
  seller: ZStatementParty,
  order: z.object({
    id: z.uuid(),
    operationId: z.uuid(),
    operationReference: z.string(),
    /** The product as the operation names it, in the reader's language. */
    operationTitle: z.string(),
    paymentReference: z.string(),
    volume: z.number().int(),
    pricePerTonCents: z.number().int(),
    amountCents: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    termsVersion: z.string().nullable(),
  }),
  /** The trade terms the order's contract states (the deal's, for an order placed before contracts). */
  tradeTerms: ZTradeTermsView,
  escrowBank: ZEscrowBankDetails.nullable(),
  movements: z.array(ZStatementMovement),
  heldCents: z.number().int(),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type BuyerStatement = z.infer<typeof ZBuyerStatement>;

/** One payout to a seller: what left escrow for them, the platform's fee on it, what they received. */
export const ZSellerPayout = z.object({
  transferId: z.uuid(),
  orderId: z.uuid(),
  paymentReference: z.string(),
  /** The buyer of the order paid out, as KYC verified it (null when the account is gone). */
  buyer: ZStatementParty.nullable(),
  volume: z.number().int(),
  grossCents: z.number().int(),
  feeCents: z.number().int(),
  /** The rate used (basis points), as recorded at release. */
  feeBps: z.number().int().nullable(),
  netCents: z.number().int(),
  /** 1: the payout (a settlement's first tranche); 2: the holdback released at the final measurement. */
  tranche: z.number().int(),
  createdAt: z.iso.datetime({ offset: true }),
});
export type SellerPayout = z.infer<typeof ZSellerPayout>;

/** GET /api/seller/operations/{id}/statement: a seller's payouts of one of their operations. */
export const ZSellerStatement = z.object({
  statementNumber: z.string(),
  issuer: ZStatementIssuer,
  seller: ZStatementParty,
  operation: z.object({
    id: z.uuid(),
    reference: z.string(),
    /** The product as the operation names it, in the reader's language. */
    title: z.string(),
    status: z.string(),
    totalTons: z.number().int(),
    pricePerTonCents: z.number().int(),
    tradeTerms: ZTradeTermsView,
  }),
  payouts: z.array(ZSellerPayout),
  totals: z.object({ grossCents: z.number().int(), feeCents: z.number().int(), netCents: z.number().int() }),
  /** The fee that applies to payouts still to come. */
  currentFeeBps: z.number().int(),
  generatedAt: z.iso.datetime({ offset: true }),
});
export type SellerStatement = z.infer<typeof ZSellerStatement>;
