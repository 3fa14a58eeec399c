import {
  ZListNotificationsRequest,
  ZListNotificationsResponse,
  ZNotificationIdParams,
  ZUnreadCountResponse,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import {
  countUnreadNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
} from './notifications.service';

const errors = errorResponses(400, 401, 404);

/** The bell: a signed-in user's in-app notifications (any KYC state: KYC decisions arrive here). */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const access = { access: 'authenticated' } as const;

  app.get(
    '/notifications',
    {
      schema: {
        summary: "The caller's notifications, newest first, paged",
        tags: ['notifications'],
        querystring: ZListNotificationsRequest,
        response: { 200: ZListNotificationsResponse, ...errors },
      },
      config: { ...access, apiKey: 'read' },
    },
    async (request) => listNotifications(app.db, requireAuth(request).user.id, request.query, request.lang),
  );

  app.get(
    '/notifications/unread-count',
    {
      schema: {
        summary: "How many of the caller's notifications are unread",
        tags: ['notifications'],
        response: { 200: ZUnreadCountResponse, ...errors },
      },
      config: { ...access, apiKey: 'read' },
    },
    async (request) => ({ unreadCount: await countUnreadNotifications(app.db, requireAuth(request).user.id) }),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        summary: 'Mark one notification read',
        tags: ['notifications'],
        params: ZNotificationIdParams,
        response: { 200: ZUnreadCountResponse, ...errors },
      },
      config: { ...access, apiKey: 'write' },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await markNotificationRead(app.db, userId, request.params.id);
      return { unreadCount: await countUnreadNotifications(app.db, userId) };
    },
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        summary: 'Mark every notification read',
        tags: ['notifications'],
        response: { 200: ZUnreadCountResponse, ...errors },
      },
      config: { ...access, apiKey: 'write' },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      await markAllNotificationsRead(app.db, userId);
      return { unreadCount: await countUnreadNotifications(app.db, userId) };
    },
  );
};
