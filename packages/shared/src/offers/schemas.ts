import { z } from 'zod';
import { type TextOptions, zText } from '../text/safe-text';
import { COUNTRY_CODES } from '../auth/constants';
import { isWholeCents } from '../money/money';
import { todayIsoDate } from '../time';
import { zPage } from '../paging/page';
import {
  LOT_STEP_TONS,
  MAX_OPERATION_TONS,
  MAX_PRICE_PER_TON_USD,
  MIN_PRICE_PER_TON_CENTS,
  OPERATION_REVIEW_STATUSES,
  OPERATION_STATUSES,
  OPERATION_TYPES,
  PAYMENT_STATUSES,
  PRODUCT_CATEGORIES,
} from '../operations/constants';
import { ZTradeTermsFields, ZTradeTermsView, checkTradeTermsRules } from '../trade-terms/schemas';

/*
 * The offer form (spec §5): one schema for the /make-offer wizard, the edit
 * form and POST/PUT /api/offers. Every field is required except the English
 * title and description, the specification line (in either language) and the
 * title itself (it defaults to product + origin country). Tons must be above 0 (the spec's "at least 0", with 0 refused: a
 * 0-ton deal cannot be allocated), and a price per ton at least $1 with at most
 * two decimals: a smaller or finer price would be rounded when stored in cents
 * (an offer of $1e-9 became 0 ¢, and a free order holds nothing in escrow).
 */

const requiredText = (max: number, options: TextOptions = {}) =>
  zText({ ...options, error: 'validation.required' })
    .min(1, 'validation.required')
    .max(max, 'validation.tooLong');
const optionalText = (max: number, options: TextOptions = {}) =>
  zText(options)
    .max(max, 'validation.tooLong')
    .optional()
    .transform((value) => (value ? value : undefined));

/** '' and null are "missing" (a cleared form field), not 0. */
const requiredNumber = (schema: z.ZodNumber) =>
  z.preprocess(
    (value) => (value === '' || value === null ? undefined : typeof value === 'string' ? Number(value) : value),
    schema,
  );

const tons = () =>
  requiredNumber(
    z
      .number('validation.required')
      .int('offers.validation.wholeTons')
      .positive('offers.validation.positive')
      .max(MAX_OPERATION_TONS, 'validation.tooLarge')
      .multipleOf(LOT_STEP_TONS, 'offers.validation.lotStep'),
  );

const isoDate = () => z.iso.date('validation.required');

export const ZOfferFields = z.object({
  // Step 1: the product and its route.
  productName: requiredText(120),
  productCategory: z.enum(PRODUCT_CATEGORIES, 'validation.required'),
  type: z.enum(OPERATION_TYPES, 'validation.required'),
  title: optionalText(160),
  titleEn: optionalText(160),
  description: requiredText(4000, { multiline: true }),
  descriptionEn: optionalText(4000, { multiline: true }),
  originCountry: z.enum(COUNTRY_CODES, 'validation.required'),
  destinationCountry: z.enum(COUNTRY_CODES, 'validation.required'),
  arrivalPort: requiredText(120),
  /** One line summing up the specification ('26% fat'); the sheet (a PDF) comes as a file. */
  specification: optionalText(160),
  specificationEn: optionalText(160),
  // Step 2: volume and price.
  totalTons: tons(),
  minVolume: tons(),
  maxPerParticipantTons: tons(),
  /** US dollars per metric ton, at most two decimals; stored as integer cents. */
  priceUsd: requiredNumber(
    z
      .number('validation.required')
      .min(MIN_PRICE_PER_TON_CENTS / 100, 'offers.validation.priceMin')
      .max(MAX_PRICE_PER_TON_USD, 'validation.tooLarge')
      .refine(isWholeCents, 'offers.validation.cents'),
  ),
  // Step 3: dates (YYYY-MM-DD).
  deadline: isoDate(),
  expectedDeparture: isoDate(),
  expectedArrival: isoDate(),
  // Step 4: the trade terms (Incoterm and place, shipment window, tolerance, quality, inspection, insurance, payment).
  ...ZTradeTermsFields.shape,
});

type OfferFieldsOutput = z.output<typeof ZOfferFields>;

/** The rules between fields; each issue lands on the field the user should change. */
export function checkOfferRules(value: OfferFieldsOutput, ctx: z.RefinementCtx, now = new Date()): void {
  const issue = (path: keyof OfferFieldsOutput, message: string) =>
    ctx.addIssue({ code: 'custom', path: [path], message });
  if (value.minVolume > value.totalTons) issue('minVolume', 'offers.validation.minAboveTotal');
  if (value.maxPerParticipantTons < value.minVolume) issue('maxPerParticipantTons', 'offers.validation.maxBelowMin');
  if (value.maxPerParticipantTons > value.totalTons) issue('maxPerParticipantTons', 'offers.validation.maxAboveTotal');
  if (value.deadline < todayIsoDate(now)) issue('deadline', 'offers.validation.deadlinePast');
  if (value.expectedDeparture < value.deadline) issue('expectedDeparture', 'offers.validation.departureBeforeDeadline');
  if (value.expectedArrival < value.expectedDeparture)
    issue('expectedArrival', 'offers.validation.arrivalBeforeDeparture');
  if (value.destinationCountry === value.originCountry) issue('destinationCountry', 'offers.validation.sameCountry');
  checkTradeTermsRules(value, ctx);
}

/** POST /api/offers and PUT /api/offers/:id (the JSON part `data` of the multipart body). */
export const ZOfferRequest = ZOfferFields.superRefine((value, ctx) => checkOfferRules(value, ctx));
export type OfferRequest = z.input<typeof ZOfferRequest>;
export type OfferValues = z.output<typeof ZOfferRequest>;
export type OfferField = keyof z.input<typeof ZOfferFields>;

/** The wizard's three steps (spec §2: product; volume and price; dates) and the fields each owns. */
export const OFFER_STEPS = [
  {
    key: 'product',
    fields: [
      'productName',
      'productCategory',
      'type',
      'title',
      'titleEn',
      'description',
      'descriptionEn',
      'originCountry',
      'destinationCountry',
      'arrivalPort',
      'specification',
      'specificationEn',
    ],
  },
  { key: 'volume', fields: ['totalTons', 'minVolume', 'maxPerParticipantTons', 'priceUsd'] },
  { key: 'dates', fields: ['deadline', 'expectedDeparture', 'expectedArrival'] },
  {
    key: 'terms',
    fields: [
      'incoterm',
      'namedPlace',
      'shipmentFrom',
      'shipmentTo',
      'quantityTolerancePercent',
      'qualitySpecification',
      'inspectionBody',
      'insurancePayer',
      'insuredPercent',
      'paymentTerms',
    ],
  },
] as const satisfies readonly { key: string; fields: readonly OfferField[] }[];

/** The title shown when the seller leaves it empty (spec §5): product name and origin country. */
export function defaultOfferTitle(productName: string, originCountryName: string): string {
  return `${productName.trim()} - ${originCountryName}`;
}

/** POST /api/offers answers the new offer's id. */
export const ZOfferCreatedResponse = z.object({ id: z.uuid() });

export const ZOfferIdParams = z.object({ id: z.uuid('validation.invalid') });

/** A seller's offer as the dashboard and the products page show it. */
export const ZSellerOffer = z.object({
  id: z.uuid(),
  title: z.string(),
  productName: z.string(),
  originCountry: z.string(),
  destinationCountry: z.string(),
  status: z.enum(OPERATION_STATUSES),
  reviewStatus: z.enum(OPERATION_REVIEW_STATUSES),
  reviewRejectReason: z.string().nullable(),
  totalTons: z.number().int(),
  allocatedTons: z.number().int(),
  pricePerTonCents: z.number().int(),
  participants: z.number().int(),
  escrowHeldCents: z.number().int(),
  imageUrl: z.string().nullable(),
  hasSpecSheet: z.boolean(),
  deadline: z.iso.datetime({ offset: true }).nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  canEdit: z.boolean(),
  canWithdraw: z.boolean(),
});
export type SellerOffer = z.infer<typeof ZSellerOffer>;

/** The seller's offers, newest first, a page at a time (`?cursor=&limit=`, ZPageQuery) with the total. */
export const ZSellerOffersResponse = zPage(ZSellerOffer);

/** One offer with every form field, for the edit form. */
export const ZOfferDetail = z.object({
  offer: ZSellerOffer,
  values: z.object({
    productName: z.string(),
    productCategory: z.enum(PRODUCT_CATEGORIES),
    type: z.enum(OPERATION_TYPES),
    title: z.string(),
    titleEn: z.string().nullable(),
    description: z.string(),
    descriptionEn: z.string().nullable(),
    originCountry: z.string(),
    destinationCountry: z.string(),
    arrivalPort: z.string(),
    specification: z.string().nullable(),
    specificationEn: z.string().nullable(),
    totalTons: z.number().int(),
    minVolume: z.number().int(),
    maxPerParticipantTons: z.number().int(),
    priceUsd: z.number(),
    deadline: z.string(),
    expectedDeparture: z.string(),
    expectedArrival: z.string(),
    // The deal's trade terms as stored, the same fields the views read.
    ...ZTradeTermsView.shape,
  }),
});
export type OfferDetail = z.infer<typeof ZOfferDetail>;

export const ZOfferParticipant = z.object({
  id: z.uuid(),
  companyName: z.string(),
  volume: z.number().int(),
  amountCents: z.number().int(),
  paymentStatus: z.enum(PAYMENT_STATUSES),
  status: z.string(),
  escrowState: z.enum(['none', 'held', 'released', 'refunded', 'split']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OfferParticipant = z.infer<typeof ZOfferParticipant>;
/** GET /api/offers/{id}/participants (ZPageQuery): an offer's orders in the order they were placed, and how many. */
export const ZOfferParticipantsResponse = zPage(ZOfferParticipant);

export const ZSellerKpis = z.object({
  activeOffers: z.number().int(),
  listedVolume: z.number().int(),
  completedOffers: z.number().int(),
});
export const ZSellerDashboardResponse = z.object({
  kpis: ZSellerKpis,
  offers: z.array(ZSellerOffer),
});
export type SellerDashboardResponse = z.infer<typeof ZSellerDashboardResponse>;
