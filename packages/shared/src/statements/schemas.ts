import { z } from 'zod';
import { ZEscrowBankDetails } from '../settings/schemas';

/** What a buyer's escrow movement is: money in (deposit), to the seller (release) or back to them (refund). */
export const STATEMENT_MOVEMENT_KINDS = ['deposit', 'release', 'refund'] as const;
export type StatementMovementKind = (typeof STATEMENT_MOVEMENT_KINDS)[number];

/**
 * One movement of a buyer's escrow. A partial refund is one ledger transfer with two
 * movements (release and refund), each naming that transfer.
 */
export const ZStatementMovement = z.object({
  transfer_id: z.uuid(),
  kind: z.enum(STATEMENT_MOVEMENT_KINDS),
  amount_cents: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
});
export type StatementMovement = z.infer<typeof ZStatementMovement>;

/** GET /api/participations/{id}/statement: a buyer's own order and its escrow movements. */
export const ZBuyerStatement = z.object({
  participation: z.object({
    id: z.uuid(),
    operation_id: z.uuid(),
    operation_title: z.string(),
    payment_reference: z.string(),
    volume: z.number().int(),
    amount_cents: z.number().int(),
    created_at: z.iso.datetime({ offset: true }),
    terms_version: z.string().nullable(),
  }),
  escrow_bank: ZEscrowBankDetails.nullable(),
  movements: z.array(ZStatementMovement),
  held_cents: z.number().int(),
  generated_at: z.iso.datetime({ offset: true }),
});
export type BuyerStatement = z.infer<typeof ZBuyerStatement>;

/** One payout to a seller: what left escrow for them, the platform's fee on it, what they received. */
export const ZSellerPayout = z.object({
  transfer_id: z.uuid(),
  participation_id: z.uuid(),
  payment_reference: z.string(),
  buyer_company: z.string().nullable(),
  gross_cents: z.number().int(),
  fee_cents: z.number().int(),
  /** The rate used (basis points), as recorded at release. */
  fee_bps: z.number().int().nullable(),
  net_cents: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
});
export type SellerPayout = z.infer<typeof ZSellerPayout>;

/** GET /api/seller/operations/{id}/statement: a seller's payouts of one of their operations. */
export const ZSellerStatement = z.object({
  operation: z.object({ id: z.uuid(), title: z.string(), status: z.string() }),
  payouts: z.array(ZSellerPayout),
  totals: z.object({ gross_cents: z.number().int(), fee_cents: z.number().int(), net_cents: z.number().int() }),
  /** The fee that applies to payouts still to come. */
  current_fee_bps: z.number().int(),
  generated_at: z.iso.datetime({ offset: true }),
});
export type SellerStatement = z.infer<typeof ZSellerStatement>;
