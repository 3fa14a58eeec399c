import { z } from 'zod';
import { operationReference } from '../statements/schemas';
import { ZTradeTermsView } from './schemas';

/**
 * The version of the pro-forma invoice and sales contract an order records (orders
 * .contract_version), as TERMS_VERSION is for the terms of service: raise it when the contract's
 * clauses (`contract.*` in the catalogs) change in substance; older orders keep theirs.
 */
export const CONTRACT_VERSION = 1;

const ZContractParty = z.object({
  legal_name: z.string(),
  tax_id: z.string().nullable(),
  country: z.string().nullable(),
});

/**
 * What the buyer accepted when ordering, copied at that moment (orders
 * .contract_terms, with its SHA-256 in contract_hash): the deal, its terms, the order's tons and
 * price, and both parties as KYC verified them. The contract is drawn from this copy only, so a
 * later edit of the deal or a profile never changes a signed contract.
 */
export const ZContractSnapshot = z.object({
  version: z.number().int(),
  operation_reference: z.string(),
  title: z.string(),
  title_en: z.string().nullable(),
  product_name: z.string(),
  origin_country: z.string(),
  destination_country: z.string(),
  trade_terms: ZTradeTermsView,
  volume: z.number().int(),
  price_per_ton_cents: z.number().int(),
  amount_cents: z.number().int(),
  terms_version: z.string().nullable(),
  buyer: ZContractParty,
  seller: ZContractParty,
  accepted_at: z.iso.datetime({ offset: true }),
});
export type ContractSnapshot = z.infer<typeof ZContractSnapshot>;

/** A contract's number: the operation's and the order's place among its orders ("OP-000123-C2"). */
export function contractNumber(operationReferenceNumber: number, orderOrdinal: number): string {
  return `${operationReference(operationReferenceNumber)}-C${orderOrdinal}`;
}
