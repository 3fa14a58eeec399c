import { ZPlatformStats } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { getPlatformStats } from './content.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/stats',
    {
      schema: {
        summary: 'Landing statistics computed from the database',
        tags: ['content'],
        response: { 200: ZPlatformStats },
      },
      config: { access: 'public' },
    },
    async () => getPlatformStats(app.db),
  );
};
