import { ZApiError, ZCancelParticipationResponse } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireAuth } from '../../plugins/route-access';
import { cancelParticipation } from './reservations.service';

const ZParams = z.object({ id: z.uuid('validation.invalid') });

/** A buyer cancels their own unpaid order. */
export const reservationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/participations/:id/cancel',
    {
      schema: {
        summary: 'Cancel one’s own unpaid order (no proof yet, or a rejected one); its tons are freed',
        tags: ['participations'],
        params: ZParams,
        response: { 200: ZCancelParticipationResponse, 400: ZApiError, 401: ZApiError, 404: ZApiError, 409: ZApiError },
      },
      config: { access: 'kyc' },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const ended = await cancelParticipation(app.db, app.jobs, userId, request.params.id);
      return {
        id: ended.id,
        status: 'cancelled' as const,
        ended_reason: 'cancelled_by_buyer' as const,
        ended_at: (ended.endedAt ?? new Date()).toISOString(),
      };
    },
  );
};
