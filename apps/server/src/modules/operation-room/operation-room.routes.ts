import {
  ZOperationRoomMessage,
  ZOperationRoomMessagesResponse,
  ZOperationRoomNotificationsRequest,
  ZOperationRoomNotificationsResponse,
  ZOperationRoomResponse,
  ZOperationIdParams,
  ZPageQuery,
  ZPostMessageRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { answerLegacyPaths } from '../../plugins/legacy-paths';
import { requireAuth } from '../../plugins/route-access';
import {
  listOperationRoomMessages,
  postOperationRoomMessage,
  setOperationRoomNotifications,
} from './operation-room.service';
import { getOperationRoom } from './get-operation-room.service';

const errors = errorResponses(400, 401, 403, 404);

/**
 * The live room of an operation (the waiting page): its progress and
 * timeline, the caller's order, the notifications toggle and the message
 * thread. Past the KYC gate; the service lets in the operation's buyers, its
 * seller and admins only.
 */
export const operationRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  // The room and its notifications toggle answered under /deal-room before the glossary named it.
  answerLegacyPaths(app);
  const access = { access: 'kyc' } as const;

  app.get(
    '/operations/:id/room',
    {
      schema: {
        summary: "An operation's room: progress, milestones and the caller's latest order",
        tags: ['operation-room'],
        params: ZOperationIdParams,
        response: { 200: ZOperationRoomResponse, ...errors },
      },
      config: access,
    },
    async (request) => getOperationRoom(app.db, requireAuth(request), request.params.id, request.lang),
  );

  app.patch(
    '/operations/:id/room/notifications',
    {
      schema: {
        summary: "Turn the notifications of the caller's orders in this operation on or off",
        tags: ['operation-room'],
        params: ZOperationIdParams,
        body: ZOperationRoomNotificationsRequest,
        response: { 200: ZOperationRoomNotificationsResponse, ...errors },
      },
      config: access,
    },
    async (request) =>
      setOperationRoomNotifications(app.db, requireAuth(request), request.params.id, request.body.enabled),
  );

  app.get(
    '/operations/:id/messages',
    {
      schema: {
        summary: "A page of the operation room's message thread, newest first, with how many it holds",
        tags: ['operation-room'],
        params: ZOperationIdParams,
        querystring: ZPageQuery,
        response: { 200: ZOperationRoomMessagesResponse, ...errors },
      },
      config: access,
    },
    async (request) => listOperationRoomMessages(app.db, requireAuth(request), request.params.id, request.query),
  );

  app.post(
    '/operations/:id/messages',
    {
      schema: {
        summary: 'Post in the operation room (admins post as the platform)',
        tags: ['operation-room'],
        params: ZOperationIdParams,
        body: ZPostMessageRequest,
        response: { 201: ZOperationRoomMessage, ...errors, ...errorResponses(429) },
      },
      config: access,
    },
    async (request, reply) => {
      const message = await postOperationRoomMessage(
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
