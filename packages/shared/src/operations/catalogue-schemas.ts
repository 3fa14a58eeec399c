import { z } from 'zod';
import { zText } from '../text/safe-text';
import {
  CATALOGUE_MAX_PAGE_SIZE,
  CATALOGUE_PAGE_SIZE,
  CATALOGUE_SORTS,
  MAX_PRICE_PER_TON_USD,
  OPERATION_PARTNER_ROLES_FOR_CARD,
  PRODUCT_CATEGORIES,
} from './constants';
import { ZOperationListItem, ZOperationStatus } from './schemas';

const ZCountryCode = z
  .string()
  .trim()
  .regex(/^[A-Za-z]{2}$/, 'validation.invalid')
  .transform((value) => value.toUpperCase());

const ZPriceUsd = z.coerce.number().min(0).max(MAX_PRICE_PER_TON_USD);
const ZPageSize = z.coerce.number().int().min(1).max(CATALOGUE_MAX_PAGE_SIZE);

/**
 * GET /api/operations/catalogue: the public catalogue of open deals with search,
 * filters (category, region = origin or destination country, price per ton),
 * an order and pages, so it reaches beyond the first 100.
 */
export const ZCatalogueRequest = z
  .object({
    q: zText().max(100, 'validation.searchTooLong').optional(),
    category: z.enum(PRODUCT_CATEGORIES).optional(),
    region: ZCountryCode.optional(),
    minPrice: ZPriceUsd.optional(),
    maxPrice: ZPriceUsd.optional(),
    sort: z.enum(CATALOGUE_SORTS).default('newest'),
    page: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: ZPageSize.optional(),
    // The names these had before the API's one casing (issue 26): still read, so the links and clients made
    // then go on working; the camelCase name wins when both are sent.
    min_price: ZPriceUsd.optional().meta({ deprecated: true, description: 'Deprecated: minPrice.' }),
    max_price: ZPriceUsd.optional().meta({ deprecated: true, description: 'Deprecated: maxPrice.' }),
    page_size: ZPageSize.optional().meta({ deprecated: true, description: 'Deprecated: pageSize.' }),
  })
  .transform(({ min_price, max_price, page_size, ...query }) => ({
    ...query,
    minPrice: query.minPrice ?? min_price,
    maxPrice: query.maxPrice ?? max_price,
    pageSize: query.pageSize ?? page_size ?? CATALOGUE_PAGE_SIZE,
  }))
  .refine((value) => value.minPrice === undefined || value.maxPrice === undefined || value.minPrice <= value.maxPrice, {
    message: 'catalogue.errors.priceRange',
    path: ['maxPrice'],
  });
export type CatalogueRequest = z.input<typeof ZCatalogueRequest>;

export const ZCatalogueResponse = z.object({
  data: z.array(ZOperationListItem),
  /** Rows matching the filters, over all pages. */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** What the filters can offer: countries and categories of open deals. */
  facets: z.object({
    regions: z.array(z.string()),
    categories: z.array(z.enum(PRODUCT_CATEGORIES)),
  }),
});
export type CatalogueResponse = z.infer<typeof ZCatalogueResponse>;

const ZPartnerName = z.string().nullable();

/** GET /api/operations/featured: every field of the landing's featured card (spec §2), computed from the database. */
/** A specification sheet's version and last update (the PDF itself is downloaded from the detail page). */
export const ZSpecSheetSummary = z.object({ version: z.string(), updatedAt: z.iso.datetime({ offset: true }) });
export type SpecSheetSummary = z.infer<typeof ZSpecSheetSummary>;

export const ZFeaturedOperation = z.object({
  id: z.uuid(),
  title: z.string(),
  productName: z.string(),
  originCountry: z.string(),
  destinationCountry: z.string(),
  status: ZOperationStatus,
  deadline: z.iso.datetime({ offset: true }).nullable(),
  participants: z.number().int(),
  /** Most participants the deal can take: total tons over the minimum order. */
  maxParticipants: z.number().int(),
  partners: z.object(
    Object.fromEntries(Object.keys(OPERATION_PARTNER_ROLES_FOR_CARD).map((key) => [key, ZPartnerName])) as Record<
      keyof typeof OPERATION_PARTNER_ROLES_FOR_CARD,
      typeof ZPartnerName
    >,
  ),
  totalTons: z.number().int(),
  priceUsd: z.number(),
  totalPriceUsd: z.number(),
  availableTons: z.number().int(),
  arrivalPort: z.string().nullable(),
  expectedArrival: z.iso.date().nullable(),
  /** The specification line in the request's language (ZOperationDetail's too); null when the seller wrote none. */
  specification: z.string().nullable(),
  /** The uploaded specification sheet's version and date, what the card falls back on without a line. */
  specSheet: ZSpecSheetSummary.nullable(),
  containerTons: z.number().int().nullable(),
  minVolume: z.number().int(),
  imageUrl: z.string().nullable(),
});
export type FeaturedOperation = z.infer<typeof ZFeaturedOperation>;
