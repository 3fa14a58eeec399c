import {
  ZChangePasswordRequest,
  ZForgotPasswordRequest,
  ZOkResponse,
  ZResetPasswordRequest,
  ZSelectModeRequest,
  ZSessionResponse,
  ZSignInRequest,
  ZSignInResponse,
  ZSignUpRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { revokeAllSessions, selectMode, signIn, signInAdmin, signOut, signUp } from './auth.service';
import { changePassword, requestPasswordReset, resetPassword } from './reset-password.service';
import { getSessionUser } from './session-user';

const errors = errorResponses(400, 401, 403, 409, 429);
const ok = { ok: true } as const;

export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/session',
    {
      schema: {
        summary: 'The signed-in user, or null',
        description: 'Checked once when the web app loads; refreshes the sliding session cookie.',
        tags: ['auth'],
        response: { 200: ZSessionResponse },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { user: getSessionUser(request.auth) };
    },
  );

  app.post(
    '/auth/sign-up',
    {
      schema: {
        summary: 'Create an account and sign in',
        description:
          'The profile starts with kyc_status pending and onboarding at step 1. Rate-limited per address (429 with Retry-After).',
        tags: ['auth'],
        body: ZSignUpRequest,
        response: { 201: ZSessionResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const user = await signUp({ app, request, reply }, request.body);
      return reply.code(201).send({ user });
    },
  );

  app.post(
    '/auth/sign-in',
    {
      schema: {
        summary: 'Sign in with e-mail and password',
        description:
          'Failed attempts are rate-limited per account and address and per address (429 with Retry-After); a success does not count. An account with two-factor sign-in answers user null and twoFactorRequired: the code goes to POST /api/auth/two-factor/verify.',
        tags: ['auth'],
        body: ZSignInRequest,
        response: { 200: ZSignInResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => signIn({ app, request, reply }, request.body),
  );

  app.post(
    '/auth/admin/sign-in',
    {
      schema: {
        summary: 'Sign in at the back-office door',
        description:
          'A valid non-admin account is signed out again and refused (403 FORBIDDEN). In production an admin without two-factor sign-in keeps a session only to enrol (twoFactorEnrolmentRequired).',
        tags: ['auth'],
        body: ZSignInRequest,
        response: { 200: ZSignInResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => signInAdmin({ app, request, reply }, request.body),
  );

  app.post(
    '/auth/sign-out',
    {
      schema: {
        summary: 'Sign out (revokes this session)',
        tags: ['auth'],
        response: { 200: ZOkResponse, ...errorResponses(403) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await signOut({ app, request, reply });
      return ok;
    },
  );

  app.post(
    '/session/revoke-all',
    {
      schema: {
        summary: 'Sign out of all devices',
        tags: ['auth'],
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      await revokeAllSessions({ app, request, reply });
      return ok;
    },
  );

  app.put(
    '/session/mode',
    {
      schema: {
        summary: 'Choose source (buyer) or supply (seller) mode',
        tags: ['auth'],
        body: ZSelectModeRequest,
        response: { 200: ZSessionResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request) => {
      return { user: await selectMode(app.db, requireAuth(request), request.body.mode) };
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        summary: 'E-mail a password reset link',
        description:
          'Answers the same whether or not the account exists. Rate-limited per account and per address (429 with Retry-After).',
        tags: ['auth'],
        body: ZForgotPasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await requestPasswordReset({ app, request, reply }, request.body.email);
      return ok;
    },
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        summary: 'Set a new password with an e-mailed token',
        tags: ['auth'],
        body: ZResetPasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      await resetPassword({ app, request, reply }, request.body);
      return ok;
    },
  );

  app.post(
    '/auth/password/change',
    {
      schema: {
        summary: 'Change the password (signs out other devices)',
        description: 'Wrong current passwords are rate-limited per account (429 with Retry-After).',
        tags: ['auth'],
        body: ZChangePasswordRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      await changePassword({ app, request, reply }, request.body);
      return ok;
    },
  );
};
