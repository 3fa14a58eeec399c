import {
  type Language,
  type ListOperationsResponse,
  type OperationListItem,
  type ZListOperationsRequest,
  availableTons,
  centsToUsd,
  operationTitleFor,
} from '@tradeops/shared';
import { type z } from 'zod';
import { type AppDatabase } from '../../db/client';
import { AppError } from '../../errors';
import { type PublicOperationRow, selectPublicOperation, selectPublicOperations } from './operations.repo';

export type ListOperationsQuery = z.output<typeof ZListOperationsRequest>;

/** Titles are written in Spanish with an optional English version. */
export function pickTitle(
  row: Pick<{ title: string; titleEn: string | null }, 'title' | 'titleEn'>,
  lang: Language,
): string {
  return operationTitleFor(row, lang);
}

export function toOperationListItem(row: PublicOperationRow, lang: Language): OperationListItem {
  return {
    id: row.id,
    productName: row.productName,
    productCategory: row.productCategory,
    originCountry: row.originCountry,
    minVolume: row.minVolume,
    priceUsd: centsToUsd(row.pricePerTonCents),
    status: row.status,
    title: pickTitle(row, lang),
    destinationCountry: row.destinationCountry,
    totalTons: row.totalTons,
    availableTons: availableTons({ totalTons: row.totalTons, allocatedTons: row.allocatedTons }),
    deadline: row.deadline ? row.deadline.toISOString() : null,
    imageUrl: row.imagePath,
    type: row.type,
    createdAt: row.createdAt.toISOString(),
  };
}

/** The public catalogue: only admin-approved operations are ever listed. */
export async function listOperations(
  db: AppDatabase,
  query: ListOperationsQuery,
  lang: Language,
): Promise<ListOperationsResponse> {
  const rows = await selectPublicOperations(db, {
    status: query.status,
    search: query.q || undefined,
    // One row more than asked tells whether another page follows.
    limit: query.limit + 1,
    offset: query.offset,
  });
  const data = rows.slice(0, query.limit).map((row) => toOperationListItem(row, lang));
  return { data, count: data.length, hasMore: rows.length > query.limit };
}

/**
 * An operation's public facts, as its catalogue card shows them, for a visitor who opened its link:
 * the full sheet (partners, documents, statistics) stays behind sign-in. Only approved operations.
 */
export async function getOperationSummary(db: AppDatabase, id: string, lang: Language): Promise<OperationListItem> {
  const row = await selectPublicOperation(db, id);
  if (!row) throw new AppError('OPERATION_NOT_FOUND');
  return toOperationListItem(row, lang);
}
