import {
  ZCatalogueRequest,
  ZCatalogueResponse,
  ZFeaturedOperation,
  ZListOperationsRequest,
  ZListOperationsResponse,
  ZOperationIdParams,
  ZOperationListItem,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { getCatalogue, getFeaturedOperation } from './catalogue.service';
import { getOperationSummary, listOperations } from './operations.service';

/** The public reads are served from `app.readCache`, invalidated by the database's NOTIFY. */
export const operationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/operations',
    {
      schema: {
        summary: 'List approved operations, newest first',
        description:
          'Optional status filter (all, active, pending) and a case-insensitive search on the product name and title; at most 100 rows.',
        tags: ['operations'],
        querystring: ZListOperationsRequest,
        response: { 200: ZListOperationsResponse, ...errorResponses(400) },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      app.readCache.sendJson(
        reply,
        `list|${request.lang}|${JSON.stringify(request.query)}`,
        ZListOperationsResponse,
        () => listOperations(app.db, request.query, request.lang),
      ),
  );

  app.get(
    '/operations/catalogue',
    {
      schema: {
        summary: 'The public catalogue of open operations',
        description:
          'Search on product name and title; filters by product category, region (origin or destination country) and price per ton in USD; sort newest, price (lowest first), available (most tons first) or closing (nearest deadline first); pages of up to 48.',
        tags: ['operations'],
        querystring: ZCatalogueRequest,
        response: { 200: ZCatalogueResponse, ...errorResponses(400) },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      app.readCache.sendJson(
        reply,
        `catalogue|${request.lang}|${JSON.stringify(request.query)}`,
        ZCatalogueResponse,
        () => getCatalogue(app.db, request.query, request.lang),
      ),
  );

  app.get(
    '/operations/featured',
    {
      schema: {
        summary: 'The featured deal, every figure of the landing card computed from the database',
        tags: ['operations'],
        response: { 200: ZFeaturedOperation, ...errorResponses(404) },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      app.readCache.sendJson(reply, `featured|${request.lang}`, ZFeaturedOperation, () =>
        getFeaturedOperation(app.db, request.lang),
      ),
  );

  app.get(
    '/operations/:id/summary',
    {
      schema: {
        summary: "An approved operation's public facts (its catalogue card), for visitors who open its link",
        tags: ['operations'],
        params: ZOperationIdParams,
        response: { 200: ZOperationListItem, ...errorResponses(400, 404) },
      },
      config: { access: 'public' },
    },
    async (request, reply) =>
      app.readCache.sendJson(reply, `summary|${request.lang}|${request.params.id}`, ZOperationListItem, () =>
        getOperationSummary(app.db, request.params.id, request.lang),
      ),
  );
};
