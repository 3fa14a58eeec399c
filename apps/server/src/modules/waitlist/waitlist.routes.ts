import {
  ZClaimWaitlistInvitationRequest,
  ZClaimWaitlistInvitationResponse,
  ZJoinWaitlistRequest,
  ZMyWaitlistResponse,
  ZOkResponse,
  ZOperationIdParams,
  ZWaitlistEntry,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { screenOrderParties } from '../compliance/screening.service';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { claimWaitlistInvitation } from './waitlist-claim.service';
import { getMyWaitlistEntry, joinWaitlist, leaveWaitlist } from './waitlist.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The waitlist of a full operation: join, leave, see one's place or invitation, claim the invitation (buyers). */
export const waitlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/operations/:id/waitlist',
    {
      schema: {
        summary: 'Join a full operation’s waitlist for a volume (the order rules apply)',
        tags: ['waitlist'],
        params: ZOperationIdParams,
        body: ZJoinWaitlistRequest,
        response: { 201: ZWaitlistEntry, ...errors },
      },
      config: { access: 'buyer' },
    },
    async (request, reply) => {
      const entry = await joinWaitlist(app.db, requireAuth(request).user.id, request.params.id, request.body);
      return reply.code(201).send(entry);
    },
  );

  app.delete(
    '/operations/:id/waitlist',
    {
      schema: {
        summary: 'Leave an operation’s waitlist (tons the caller is invited to take pass to the next in line)',
        tags: ['waitlist'],
        params: ZOperationIdParams,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'buyer' },
    },
    async (request) => {
      await leaveWaitlist(app.db, app.jobs, requireAuth(request).user.id, request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/operations/:id/waitlist/mine',
    {
      schema: {
        summary: 'The caller’s place in an operation’s waitlist: position, invited tons, invitation expiry',
        tags: ['waitlist'],
        params: ZOperationIdParams,
        response: { 200: ZMyWaitlistResponse, ...errors },
      },
      config: { access: 'buyer' },
    },
    async (request) => getMyWaitlistEntry(app.db, requireAuth(request).user.id, request.params.id),
  );

  app.post(
    '/operations/:id/waitlist/claim',
    {
      schema: {
        summary: 'Claim the tons of a waitlist invitation: creates the order (idempotent per key)',
        tags: ['waitlist'],
        params: ZOperationIdParams,
        body: ZClaimWaitlistInvitationRequest,
        response: { 201: ZClaimWaitlistInvitationResponse, ...errors },
      },
      config: { access: 'buyer' },
    },
    async (request, reply) => {
      await screenOrderParties(
        app.db,
        [{ buyerId: request.auth!.user.id, operationId: request.params.id }],
        'waitlist_claim',
      );
      const result = await claimWaitlistInvitation(app.db, app.jobs, request.auth!, request.params.id, request.body);
      return reply.code(201).send(result);
    },
  );
};
