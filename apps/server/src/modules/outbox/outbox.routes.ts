import { ZOutboxIdParams, ZOutboxResponse, ZPageQuery, ZResendOutboxResponse } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAdmin } from '../../plugins/route-access';
import { listOutbox, resendMail } from './outbox.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The back office's view of outgoing mail: what was written, whether it went out, and a resend. */
export const outboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/outbox',
    {
      schema: {
        summary: 'Outgoing e-mails and their delivery state (admins), newest first, a page at a time',
        tags: ['admin'],
        querystring: ZPageQuery,
        response: { 200: ZOutboxResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      requireAdmin(request);
      return {
        ...(await listOutbox(app.db, app.config.publicUrl, request.query)),
        smtpConfigured: app.mailer !== null,
      };
    },
  );

  app.post(
    '/admin/outbox/:id/resend',
    {
      schema: {
        summary: 'Send a failed or sent e-mail again (admins)',
        description: 'Back to pending with its tries reset; 409 while it is pending or being sent.',
        tags: ['admin'],
        params: ZOutboxIdParams,
        response: { 200: ZResendOutboxResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      const auth = requireAdmin(request);
      const data = await resendMail(app.db, app.jobs, app.config.publicUrl, {
        id: request.params.id,
        actorId: auth.user.id,
      });
      return { data };
    },
  );
};
