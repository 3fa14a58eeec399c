import { ZApiError, ZHealthResponse } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/error-handler';
import { checkDatabase } from './health.service';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    {
      schema: {
        summary: 'Liveness and database reachability',
        tags: ['health'],
        response: { 200: ZHealthResponse, 503: ZApiError },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      if (!(await checkDatabase(app.db))) return sendError(request, reply, 'SERVICE_UNAVAILABLE');
      return { status: 'ok' as const };
    },
  );
};
