import { ZApiError, ZLedgerResponse, ZOperationIdParams } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getLedger } from './ledger-report';

const errors = { 400: ZApiError, 401: ZApiError, 403: ZApiError, 404: ZApiError, 409: ZApiError };

/** The admins' view of the escrow: an operation's ledger. */
export const escrowRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/operations/:id/ledger',
    {
      schema: {
        summary: "An operation's escrow ledger: transfers with their entries, sums and the held total",
        tags: ['admin'],
        params: ZOperationIdParams,
        response: { 200: ZLedgerResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => getLedger(app.db, request.params.id, request.lang),
  );
};
