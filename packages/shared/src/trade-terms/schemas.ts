import { z } from 'zod';
import { zText } from '../text/safe-text';
import {
  INCOTERMS,
  INCOTERMS_SELLER_INSURES,
  INSURANCE_PAYERS,
  INSURED_PERCENT_RANGE,
  QUANTITY_TOLERANCE_RANGE,
} from './constants';

const requiredText = (max: number) =>
  zText({ error: 'validation.required' }).min(1, 'validation.required').max(max, 'validation.tooLong');
/** '' is "not given": null, which the views print as the platform's standard wording. */
const optionalText = (max: number) =>
  zText()
    .max(max, 'validation.tooLong')
    .nullish()
    .transform((value) => (value ? value : null));
/** '' and null are "missing" (a cleared form field), not 0. */
const wholeNumber = (min: number, max: number) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    z
      .number('validation.required')
      .int('validation.invalid')
      .min(min, 'validation.tooSmall')
      .max(max, 'validation.tooLarge'),
  );

/**
 * The trade terms as the seller's wizard sends them (flat fields beside the offer's) and as the
 * operation stores them (operations.trade_terms, the same object). Dates are YYYY-MM-DD.
 */
export const ZTradeTermsFields = z.object({
  incoterm: z.enum(INCOTERMS, 'validation.required'),
  /** The Incoterm's named place or port ("La Guaira"). */
  namedPlace: requiredText(120),
  shipmentFrom: z.iso.date('validation.required'),
  shipmentTo: z.iso.date('validation.required'),
  /** ± % of the contracted tons the seller may ship (whole percent). */
  quantityTolerancePercent: wholeNumber(QUANTITY_TOLERANCE_RANGE.min, QUANTITY_TOLERANCE_RANGE.max),
  /** The quality the specification sheet states ("Fat ≥ 26 %, moisture ≤ 4 %"). */
  qualitySpecification: requiredText(300),
  /** Who inspects the goods at arrival ("SGS"); null: the inspector the platform designates. */
  inspectionBody: optionalText(120),
  insurancePayer: z.enum(INSURANCE_PAYERS, 'validation.required'),
  /** The insured share of the goods' value in percent; null when nobody insures. */
  insuredPercent: z.preprocess(
    (value) => (value === '' || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number('validation.required')
      .int('validation.invalid')
      .min(INSURED_PERCENT_RANGE.min, 'validation.tooSmall')
      .max(INSURED_PERCENT_RANGE.max, 'validation.tooLarge')
      .nullable(),
  ),
  /** Anything the parties add to the platform's escrow payment terms; null: those terms alone. */
  paymentTerms: optionalText(300),
});
export type TradeTerms = z.output<typeof ZTradeTermsFields>;
export type TradeTermsInput = z.input<typeof ZTradeTermsFields>;
export type TradeTermsField = keyof TradeTermsInput;

/** The rules between the terms' fields; each issue lands on the field to change. */
export function checkTradeTermsRules(value: TradeTerms, ctx: z.RefinementCtx): void {
  const issue = (path: TradeTermsField, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.shipmentTo < value.shipmentFrom) issue('shipmentTo', 'tradeTerms.validation.windowOrder');
  if (INCOTERMS_SELLER_INSURES.includes(value.incoterm) && value.insurancePayer !== 'seller') {
    issue('insurancePayer', 'tradeTerms.validation.sellerInsures');
  }
  if (value.insurancePayer === 'none' && value.insuredPercent !== null) {
    issue('insuredPercent', 'tradeTerms.validation.noInsurance');
  }
  if (value.insurancePayer !== 'none' && value.insuredPercent === null) {
    issue('insuredPercent', 'validation.required');
  }
  if (
    INCOTERMS_SELLER_INSURES.includes(value.incoterm) &&
    (value.insuredPercent ?? 0) < INSURED_PERCENT_RANGE.default
  ) {
    issue('insuredPercent', 'tradeTerms.validation.minimumCover');
  }
}

/** The stored terms (operations.trade_terms) with their rules: what the views and the contract read. */
export const ZTradeTerms = ZTradeTermsFields.superRefine(checkTradeTermsRules);

/**
 * The terms as the API answers them (detail page, order form, statements, the contract's copy):
 * the stored object, with no coercion or transform, so a response can be checked and serialised.
 */
export const ZTradeTermsView = z.object({
  incoterm: z.enum(INCOTERMS),
  namedPlace: z.string(),
  shipmentFrom: z.string(),
  shipmentTo: z.string(),
  quantityTolerancePercent: z.number().int(),
  qualitySpecification: z.string(),
  inspectionBody: z.string().nullable(),
  insurancePayer: z.enum(INSURANCE_PAYERS),
  insuredPercent: z.number().int().nullable(),
  paymentTerms: z.string().nullable(),
}) satisfies z.ZodType<TradeTerms>;

/** The field names, in the wizard's order. */
export const TRADE_TERMS_FIELDS = Object.keys(ZTradeTermsFields.shape) as TradeTermsField[];

/** Picks the trade terms out of a wider object (the offer's fields). */
export function pickTradeTerms(values: TradeTerms): TradeTerms {
  return {
    incoterm: values.incoterm,
    namedPlace: values.namedPlace,
    shipmentFrom: values.shipmentFrom,
    shipmentTo: values.shipmentTo,
    quantityTolerancePercent: values.quantityTolerancePercent,
    qualitySpecification: values.qualitySpecification,
    inspectionBody: values.inspectionBody,
    insurancePayer: values.insurancePayer,
    insuredPercent: values.insuredPercent,
    paymentTerms: values.paymentTerms,
  };
}

/**
 * The terms a deal without any gets (the migration's rule for rows older than the terms, written
 * in SQL there, and the test helpers'): CIF at the arrival port, insured by the seller at 110 %,
 * shipping within two weeks of the expected departure, ± 5 %, the specification line as quality,
 * the platform's inspector and payment terms.
 */
export function defaultTradeTerms(deal: {
  arrivalPort: string | null;
  destinationCountry: string;
  specification: string | null;
  productName: string;
  shipmentFrom: string;
}): TradeTerms {
  const from = new Date(`${deal.shipmentFrom}T00:00:00Z`);
  const to = new Date(from.getTime() + 14 * 86_400_000).toISOString().slice(0, 10);
  return {
    incoterm: 'CIF',
    namedPlace: deal.arrivalPort?.trim() || deal.destinationCountry,
    shipmentFrom: deal.shipmentFrom,
    shipmentTo: to,
    quantityTolerancePercent: QUANTITY_TOLERANCE_RANGE.default,
    qualitySpecification: deal.specification?.trim() || deal.productName,
    inspectionBody: null,
    insurancePayer: 'seller',
    insuredPercent: INSURED_PERCENT_RANGE.default,
    paymentTerms: null,
  };
}
