import { z } from 'zod';
import { zText } from '../text/safe-text';
import { OPERATION_LIST_FILTERS, OPERATION_STATUSES, OPERATIONS_LIST_LIMIT, PRODUCT_CATEGORIES } from './constants';

export const ZOperationStatus = z.enum(OPERATION_STATUSES);

/** GET /api/operations query (spec §7): newest first, limit 100, optional status filter, product search. */
export const ZListOperationsRequest = z.object({
  status: z.enum(OPERATION_LIST_FILTERS).default('all'),
  q: zText().max(100, 'validation.searchTooLong').optional(),
  limit: z.coerce.number().int().min(1).max(OPERATIONS_LIST_LIMIT).default(OPERATIONS_LIST_LIMIT),
  /** Rows to skip: pages beyond the first 100 (the buyer dashboard's "more"). */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type ListOperationsRequest = z.input<typeof ZListOperationsRequest>;

/** One row of the list, with the spec's columns first and what a card needs after them. */
export const ZOperationListItem = z.object({
  id: z.uuid(),
  productName: z.string(),
  productCategory: z.enum(PRODUCT_CATEGORIES),
  originCountry: z.string(),
  minVolume: z.number().int(),
  /** Price per metric ton in US dollars (stored as integer cents). */
  priceUsd: z.number(),
  status: ZOperationStatus,
  title: z.string(),
  destinationCountry: z.string(),
  totalTons: z.number().int(),
  availableTons: z.number().int(),
  deadline: z.iso.datetime({ offset: true }).nullable(),
  imageUrl: z.string().nullable(),
  type: z.enum(['import', 'export']),
  createdAt: z.iso.datetime({ offset: true }),
});
export type OperationListItem = z.infer<typeof ZOperationListItem>;

export const ZListOperationsResponse = z.object({
  data: z.array(ZOperationListItem),
  count: z.number().int(),
  /** Whether more rows follow this page (ask again with offset + count). */
  hasMore: z.boolean().default(false),
});
export type ListOperationsResponse = z.infer<typeof ZListOperationsResponse>;
