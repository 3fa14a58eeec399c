import { ZApiError, ZListOperationsRequest, ZListOperationsResponse } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { listOperations } from './operations.service';

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
        response: { 200: ZListOperationsResponse, 400: ZApiError },
      },
      config: { access: 'public' },
    },
    async (request) => listOperations(app.db, request.query, request.lang),
  );
};
