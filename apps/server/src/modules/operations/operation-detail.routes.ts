import { ZOperationDetail, ZOperationIdParams, ZWatchResponse } from '@tradeops/shared';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { contentDisposition } from '../../plugins/storage/send-stored-file';
import { getOperationDetail, openSpecSheet, setWatching } from './operation-detail.service';
import { ViewCounter } from './view-counter';

/** The detail, the Watch toggle and the spec download need a signed-in user (spec §6). */
const SIGNED_IN = 'authenticated';

export interface OperationDetailRoutesOptions {
  /** The signed-in user's id (from the session: `request.auth?.user.id`). */
  userIdOf(request: FastifyRequest): string | null;
}

function requireUserId(options: OperationDetailRoutesOptions, request: FastifyRequest): string {
  const userId = options.userIdOf(request);
  if (!userId) throw new AppError('UNAUTHENTICATED');
  return userId;
}

export const operationDetailRoutes: FastifyPluginAsyncZod<OperationDetailRoutesOptions> = async (app, options) => {
  const views = new ViewCounter(app.db, app.log);
  app.addHook('onClose', () => views.close());

  app.get(
    '/operations/:id',
    {
      schema: {
        summary: 'One operation with its partners, spec sheet, stats and similar deals; counts the view',
        tags: ['operations'],
        params: ZOperationIdParams,
        response: { 200: ZOperationDetail, ...errorResponses(400, 401, 404) },
      },
      config: { access: SIGNED_IN, apiKey: 'read' },
    },
    async (request) =>
      getOperationDetail(app.db, request.params.id, requireUserId(options, request), request.lang, {
        memo: app.readCache.memo,
        views,
      }),
  );

  for (const method of ['PUT', 'DELETE'] as const) {
    app.route({
      method,
      url: '/operations/:id/watch',
      schema: {
        summary:
          method === 'PUT' ? 'Watch an operation (subscribe to its notifications)' : 'Stop watching an operation',
        tags: ['operations'],
        params: ZOperationIdParams,
        response: { 200: ZWatchResponse, ...errorResponses(400, 401, 404) },
      },
      config: { access: SIGNED_IN },
      handler: async (request) =>
        setWatching(app.db, request.params.id, requireUserId(options, request), method === 'PUT'),
    });
  }

  app.get(
    '/operations/:id/spec',
    {
      schema: {
        summary: 'Download the operation’s specification sheet (named "<product> Specification v<version>.pdf")',
        tags: ['operations'],
        params: ZOperationIdParams,
        produces: ['application/pdf'],
        response: {
          // A stream on the wire: `any` for the handler's type, a binary string for the document.
          200: z.any().meta({ type: 'string', format: 'binary', description: 'The specification sheet (PDF)' }),
          ...errorResponses(400, 401, 404),
        },
      },
      config: { access: SIGNED_IN, apiKey: 'read' },
    },
    async (request, reply) => {
      requireUserId(options, request);
      const file = await openSpecSheet(app.db, app.storage, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.size)
        .header('content-disposition', contentDisposition('attachment', file.fileName))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );
};
