import rateLimit from '@fastify/rate-limit';
import {
  CONTACT_RATE_LIMIT,
  ZApiError,
  ZBlogListResponse,
  ZBlogPost,
  ZBlogPostParams,
  ZContactRequest,
  ZContactResponse,
  ZPlatformStats,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { getBlogPost, listBlogPosts } from './blog.service';
import { getPlatformStats } from './content.service';
import { createContactMessage } from './contact.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only routes that ask for it are limited (the contact form); the answer is the usual RATE_LIMITED error.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      new AppError('RATE_LIMITED', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });

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

  app.get(
    '/blog',
    {
      schema: {
        summary: 'Published blog articles, newest first, in the reader’s language',
        tags: ['content'],
        response: { 200: ZBlogListResponse },
      },
      config: { access: 'public' },
    },
    async (request) => listBlogPosts(app.db, request.lang),
  );

  app.get(
    '/blog/:slug',
    {
      schema: {
        summary: 'One published blog article',
        tags: ['content'],
        params: ZBlogPostParams,
        response: { 200: ZBlogPost, 400: ZApiError, 404: ZApiError },
      },
      config: { access: 'public' },
    },
    async (request) => getBlogPost(app.db, request.params.slug, request.lang),
  );

  app.post(
    '/contact',
    {
      schema: {
        summary: 'Send a message to the team through the contact form',
        description: `Validated with the form's schema; at most ${CONTACT_RATE_LIMIT.max} messages per ${CONTACT_RATE_LIMIT.windowMinutes} minutes from one address.`,
        tags: ['content'],
        body: ZContactRequest,
        response: { 201: ZContactResponse, 400: ZApiError, 429: ZApiError },
      },
      config: {
        access: 'public',
        rateLimit: { max: CONTACT_RATE_LIMIT.max, timeWindow: CONTACT_RATE_LIMIT.windowMinutes * 60_000 },
      },
    },
    async (request, reply) => {
      const created = await createContactMessage(app.db, request.body, request.lang);
      return reply.code(201).send(created);
    },
  );
};
