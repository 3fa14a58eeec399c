import {
  type CatalogueResponse,
  type FeaturedOperation,
  type Language,
  OPERATION_PARTNER_ROLES_FOR_CARD,
  type ZCatalogueRequest,
  availableTons,
  centsToUsd,
  computeTotalCents,
  operationSpecificationFor,
  usdToCents,
} from '@tradeops/shared';
import { type z } from 'zod';
import { type AppDatabase } from '../../db/client';
import { AppError } from '../../errors';
import { selectCatalogueFacets, selectCataloguePage, selectFeaturedOperation } from './catalogue.repo';
import { pickTitle, toOperationListItem } from './operations.service';

export type CatalogueQueryInput = z.output<typeof ZCatalogueRequest>;

/** The public catalogue: open deals only, filtered, ordered and paged. */
export async function getCatalogue(
  db: AppDatabase,
  query: CatalogueQueryInput,
  lang: Language,
): Promise<CatalogueResponse> {
  const [{ rows, total }, facets] = await Promise.all([
    selectCataloguePage(db, {
      search: query.q || undefined,
      category: query.category,
      region: query.region,
      minPriceCents: query.minPrice === undefined ? undefined : usdToCents(query.minPrice),
      maxPriceCents: query.maxPrice === undefined ? undefined : usdToCents(query.maxPrice),
      sort: query.sort,
      offset: (query.page - 1) * query.pageSize,
      limit: query.pageSize,
    }),
    selectCatalogueFacets(db),
  ]);
  return {
    data: rows.map((row) => toOperationListItem(row, lang)),
    total,
    page: query.page,
    pageSize: query.pageSize,
    facets,
  };
}

/**
 * The featured card, every figure derived: participants are the distinct
 * buyers holding tonnage; the most it can take is total tons over the minimum
 * order; total price is tons × price per ton.
 */
export async function getFeaturedOperation(db: AppDatabase, lang: Language): Promise<FeaturedOperation> {
  const found = await selectFeaturedOperation(db);
  if (!found) throw new AppError('OPERATION_NOT_FOUND');
  const { operation } = found;
  const partnerByRole = Object.fromEntries(
    Object.entries(OPERATION_PARTNER_ROLES_FOR_CARD).map(([key, role]) => [
      key,
      found.partners.find((partner) => partner.role === role)?.name ?? null,
    ]),
  ) as FeaturedOperation['partners'];
  return {
    id: operation.id,
    title: pickTitle(operation, lang),
    productName: operation.productName,
    originCountry: operation.originCountry,
    destinationCountry: operation.destinationCountry,
    status: operation.status,
    deadline: operation.deadline ? operation.deadline.toISOString() : null,
    participants: found.participants,
    maxParticipants: Math.floor(operation.totalTons / operation.minVolume),
    partners: partnerByRole,
    totalTons: operation.totalTons,
    priceUsd: centsToUsd(operation.pricePerTonCents),
    totalPriceUsd: centsToUsd(computeTotalCents(operation.pricePerTonCents, operation.totalTons)),
    availableTons: availableTons(operation),
    arrivalPort: operation.arrivalPort,
    expectedArrival: operation.expectedArrival,
    specification: operationSpecificationFor(operation, lang),
    specSheet: found.specSheet
      ? { version: found.specSheet.version, updatedAt: found.specSheet.updatedAt.toISOString() }
      : null,
    containerTons: operation.containerTons,
    minVolume: operation.minVolume,
    imageUrl: operation.imagePath,
  };
}
