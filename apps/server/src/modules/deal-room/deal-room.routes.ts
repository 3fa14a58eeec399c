import {
  ZDealRoomMessage,
  ZDealRoomMessagesResponse,
  ZDealRoomNotificationsRequest,
  ZDealRoomNotificationsResponse,
  ZDealRoomResponse,
  ZOperationIdParams,
  ZPageQuery,
  ZPostMessageRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { listDealRoomMessages, postDealRoomMessage, setDealRoomNotifications } from './deal-room.service';
import { getDealRoom } from './get-deal-room.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The live deal room of an operation (the waiting page): its progress and
 * timeline, the caller's order, the notifications toggle and the message
 * thread. Past the KYC gate; the service lets in the operation's buyers, its
 * seller and admins only.
 */
export const dealRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'kyc' } as const;

  app.get(
    '/operations/:id/deal-room',
    {
      schema: {
        summary: "An operation's deal room: progress, milestones and the caller's latest order",
        tags: ['deal-room'],
        params: ZOperationIdParams,
        response: { 200: ZDealRoomResponse, ...errors },
      },
      config: access,
    },
    async (request) => getDealRoom(app.db, requireAuth(request), request.params.id, request.lang),
  );

  app.patch(
    '/operations/:id/deal-room/notifications',
    {
      schema: {
        summary: "Turn the notifications of the caller's orders in this operation on or off",
        tags: ['deal-room'],
        params: ZOperationIdParams,
        body: ZDealRoomNotificationsRequest,
        response: { 200: ZDealRoomNotificationsResponse, ...errors },
      },
      config: access,
    },
    async (request) => setDealRoomNotifications(app.db, requireAuth(request), request.params.id, request.body.enabled),
  );

  app.get(
    '/operations/:id/messages',
    {
      schema: {
        summary: "A page of the deal room's message thread, newest first, with how many it holds",
        tags: ['deal-room'],
        params: ZOperationIdParams,
        querystring: ZPageQuery,
        response: { 200: ZDealRoomMessagesResponse, ...errors },
      },
      config: access,
    },
    async (request) => listDealRoomMessages(app.db, requireAuth(request), request.params.id, request.query),
  );

  app.post(
    '/operations/:id/messages',
    {
      schema: {
        summary: 'Post in the deal room (admins post as the platform)',
        tags: ['deal-room'],
        params: ZOperationIdParams,
        body: ZPostMessageRequest,
        response: { 201: ZDealRoomMessage, ...errors, ...errorResponses(429) },
      },
      config: access,
    },
    async (request, reply) => {
      const message = await postDealRoomMessage(
        app.db,
        app.rateLimits,
        requireAuth(request),
        request.params.id,
        request.body.body,
      );
      return reply.code(201).send(message);
    },
  );
};
