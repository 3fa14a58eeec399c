import { ZBuyerStatement, ZSellerStatement, ZStatementPdfQuery } from '@tradeops/shared';
import { type FastifyReply } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { contentDisposition } from '../../plugins/storage/send-stored-file';
import { getOrderContract } from './contract.service';
import { answerLegacyPaths } from '../../plugins/legacy-paths';
import { renderBuyerStatementPdf, renderContractPdf, renderSellerStatementPdf } from './statement-pdf';
import { getBuyerStatement, getSellerStatement } from './statements.service';

const errors = errorResponses(400, 401, 403, 404);
const ZIdParams = z.object({ id: z.uuid('validation.invalid') });
/** Without a `tz` in the link, times are printed in UTC (and say so). */
const DEFAULT_TIME_ZONE = 'UTC';

/** A statement's PDF, downloaded under `fileName` and never cached (it names money and accounts). */
function sendPdf(reply: FastifyReply, pdf: Uint8Array, fileName: string) {
  return reply
    .header('content-type', 'application/pdf')
    .header('cache-control', 'private, no-store')
    .header('content-disposition', contentDisposition('attachment', fileName))
    .send(Buffer.from(pdf));
}

/** Statements: a buyer's escrow movements per order, a seller's payouts per operation; JSON and PDF. */
export const statementsRoutes: FastifyPluginAsyncZod = async (app) => {
  // The paths these had as participations answer too (deprecated).
  answerLegacyPaths(app);
  app.get(
    '/orders/:id/statement',
    {
      schema: {
        summary: 'The escrow movements of one of the caller’s orders (deposit, release, refund) with transfer ids',
        tags: ['orders'],
        params: ZIdParams,
        response: { 200: ZBuyerStatement, ...errors },
      },
      config: { access: 'authenticated', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getBuyerStatement(app.db, requireAuth(request).user.id, request.params.id, request.lang);
    },
  );

  app.get(
    '/orders/:id/statement.pdf',
    {
      schema: {
        summary:
          'The same statement as a PDF, in the caller’s language (or ?lang=es|en) and time zone (?tz=<IANA zone>, UTC by default)',
        tags: ['orders'],
        params: ZIdParams,
        querystring: ZStatementPdfQuery,
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated', apiKey: 'read' },
    },
    async (request, reply) => {
      const language = request.query.lang ?? request.lang;
      const statement = await getBuyerStatement(app.db, requireAuth(request).user.id, request.params.id, language);
      const pdf = await renderBuyerStatementPdf(statement, language, request.query.tz ?? DEFAULT_TIME_ZONE);
      return sendPdf(reply, pdf, `tradeops-${statement.statementNumber}.pdf`);
    },
  );

  app.get(
    '/orders/:id/contract.pdf',
    {
      schema: {
        summary:
          'The order’s pro-forma invoice and sales contract as the buyer accepted it (its buyer, the deal’s seller, admins), in the caller’s language (or ?lang=es|en)',
        tags: ['orders'],
        params: ZIdParams,
        querystring: ZStatementPdfQuery,
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated', apiKey: 'read' },
    },
    async (request, reply) => {
      const language = request.query.lang ?? request.lang;
      const contract = await getOrderContract(app.db, requireAuth(request), request.params.id, language);
      const pdf = await renderContractPdf(contract, language, request.query.tz ?? DEFAULT_TIME_ZONE);
      return sendPdf(reply, pdf, `tradeops-${contract.number}.pdf`);
    },
  );

  app.get(
    '/seller/operations/:id/statement',
    {
      schema: {
        summary: 'The payouts of one of the caller’s operations: gross, platform fee, net, date and transfer id',
        tags: ['offers'],
        params: ZIdParams,
        response: { 200: ZSellerStatement, ...errors },
      },
      config: { access: 'seller', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'private, no-store');
      return getSellerStatement(app.db, requireAuth(request).user.id, request.params.id, request.lang);
    },
  );

  app.get(
    '/seller/operations/:id/statement.pdf',
    {
      schema: {
        summary:
          'The same payouts as a PDF, in the caller’s language (or ?lang=es|en) and time zone (?tz=<IANA zone>, UTC by default)',
        tags: ['offers'],
        params: ZIdParams,
        querystring: ZStatementPdfQuery,
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'seller', apiKey: 'read' },
    },
    async (request, reply) => {
      const language = request.query.lang ?? request.lang;
      const statement = await getSellerStatement(app.db, requireAuth(request).user.id, request.params.id, language);
      const pdf = await renderSellerStatementPdf(statement, language, request.query.tz ?? DEFAULT_TIME_ZONE);
      return sendPdf(reply, pdf, `tradeops-${statement.statementNumber}.pdf`);
    },
  );
};
