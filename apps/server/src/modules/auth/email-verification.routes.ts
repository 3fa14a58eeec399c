import { ZOkResponse, ZSessionResponse, ZVerifyEmailRequest } from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { resendVerificationMail, verifyEmail } from './email-verification.service';

const errors = errorResponses(400, 401, 403, 409, 429);

/** The address check: the e-mailed link's page posts its token here; signed-in accounts can ask for a new link. */
export const emailVerificationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/email/verify',
    {
      schema: {
        summary: 'Confirm the e-mail address with the token of the e-mailed link',
        description:
          'Works once per address: a link whose address is already verified answers 409 EMAIL_ALREADY_VERIFIED; a forged, altered or expired token 400 EMAIL_VERIFICATION_INVALID. Every session of the account ends and a two-factor enrolment made before is dropped (the link proves the mailbox, not the sessions): the answer is user null and the owner signs in again.',
        tags: ['auth'],
        body: ZVerifyEmailRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request) => {
      await verifyEmail({ app }, request.body.token);
      return { user: null };
    },
  );

  app.post(
    '/auth/email/resend',
    {
      schema: {
        summary: 'E-mail a new verification link to the signed-in account',
        description: 'Rate-limited per account (429 with Retry-After); 409 when the address is already verified.',
        tags: ['auth'],
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      await resendVerificationMail({ app, request }, requireAuth(request));
      return { ok: true as const };
    },
  );
};
