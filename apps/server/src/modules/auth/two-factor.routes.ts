import {
  ZConfirmTwoFactorRequest,
  ZDisableTwoFactorRequest,
  ZEnableTwoFactorRequest,
  ZEnableTwoFactorResponse,
  ZSessionResponse,
  ZVerifyTwoFactorRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { confirmTwoFactor, disableTwoFactor, enableTwoFactor, verifyTwoFactorSignIn } from './two-factor.service';

const errors = errorResponses(400, 401, 403, 409, 429);

/** Two-factor sign-in (authenticator app + recovery codes): enrolment, the sign-in step, turning it off. */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/auth/two-factor/enable',
    {
      schema: {
        summary: 'Start a two-factor enrolment',
        description:
          'Checks the password and answers the authenticator secret (otpauth URI for a QR code, and base32 text) and ten recovery codes, shown once. Sign-in asks for codes only after POST /api/auth/two-factor/confirm.',
        tags: ['auth'],
        body: ZEnableTwoFactorRequest,
        response: { 200: ZEnableTwoFactorResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      return enableTwoFactor({ app, request, reply }, requireAuth(request), request.body.password);
    },
  );

  app.post(
    '/auth/two-factor/confirm',
    {
      schema: {
        summary: 'Confirm the enrolment with a code from the authenticator app',
        description: 'Wrong codes are rate-limited per account and per IP. The session cookie is replaced.',
        tags: ['auth'],
        body: ZConfirmTwoFactorRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      return { user: await confirmTwoFactor({ app, request, reply }, requireAuth(request), request.body.code) };
    },
  );

  app.post(
    '/auth/two-factor/disable',
    {
      schema: {
        summary: 'Turn two-factor sign-in off (password required)',
        description: 'In production an admin loses admin rights until enrolled again. The session cookie is replaced.',
        tags: ['auth'],
        body: ZDisableTwoFactorRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      return { user: await disableTwoFactor({ app, request, reply }, requireAuth(request), request.body.password) };
    },
  );

  app.post(
    '/auth/two-factor/verify',
    {
      schema: {
        summary: 'The second step of a sign-in: an authenticator or recovery code',
        description:
          'Needs the challenge cookie of the password step (10 minutes). Six digits are an authenticator code; anything else is tried as a recovery code, each of which works once. Five wrong codes end the challenge; wrong codes are also limited per IP and, ten in a row, lock the account’s codes for 15 minutes. door=admin refuses a non-admin (403).',
        tags: ['auth'],
        body: ZVerifyTwoFactorRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => ({ user: await verifyTwoFactorSignIn({ app, request, reply }, request.body) }),
  );
};
