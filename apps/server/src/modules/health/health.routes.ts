import { ZApiError, ZHealthResponse, ZReadinessResponse } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendError } from '../../plugins/error-handler';
import { checkDatabase, checkReadiness } from './health.service';

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

  app.get(
    '/health/live',
    {
      schema: {
        summary: 'Liveness: the process serves requests (no dependency is checked)',
        tags: ['health'],
        response: { 200: ZHealthResponse },
      },
      config: { access: 'public' },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/health/ready',
    {
      schema: {
        summary:
          'Readiness: the database answers, the realtime listener is up, the job workers run, the S3 bucket answers; 503 `stopping` once the instance is told to stop',
        tags: ['health'],
        response: { 200: ZReadinessResponse, 503: ZReadinessResponse },
      },
      config: { access: 'public' },
    },
    async (_request, reply) => {
      // Told to stop (SIGTERM): out of the rotation at once, while it still serves what comes.
      if (app.stopState.isStopping) {
        return reply
          .code(503)
          .header('cache-control', 'no-store')
          .send({ status: 'stopping' as const });
      }
      const readiness = await checkReadiness({
        db: app.db,
        isRealtimeListening: app.realtime.isListening,
        jobs: app.jobsStatus,
        storage: app.storage,
      });
      return reply
        .code(readiness.status === 'ok' ? 200 : 503)
        .header('cache-control', 'no-store')
        .send(readiness);
    },
  );
};
