import { ZLedgerResponse, ZOperationIdParams, ZPageQuery } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { getLedger } from './ledger-report';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The admins' view of the escrow: an operation's ledger. */
export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/operations/:id/ledger',
    {
      schema: {
        summary:
          "An operation's escrow ledger: a page of transfers with their entries, the whole ledger's sums and the held total",
        tags: ['admin'],
        params: ZOperationIdParams,
        querystring: ZPageQuery,
        response: { 200: ZLedgerResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => getLedger(app.db, request.params.id, request.lang, request.query),
  );
};
