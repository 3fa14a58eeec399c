import {
  CONTACT_RATE_LIMIT,
  ZBlogListResponse,
  ZBlogPost,
  ZBlogPostParams,
  ZContactMessagesResponse,
  ZContactRequest,
  ZContactResponse,
  ZPageQuery,
  ZPlatformStats,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { getBlogPost, listBlogPosts } from './blog.service';
import { getPlatformStats } from './content.service';
import { RATE_LIMITS } from '../../plugins/rate-limit';
import { createContactMessage, listContactMessages } from './contact.service';

export const contentRoutes: FastifyPluginAsyncZod = async (app) => {
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
        response: { 200: ZBlogPost, ...errorResponses(400, 404) },
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
        response: { 201: ZContactResponse, ...errorResponses(400, 429) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      // Taken before the message is stored, in one atomic statement shared by every app instance.
      await app.rateLimits.consume([RATE_LIMITS.contactAddress, request.ip]);
      const created = await createContactMessage(app.db, request.body, request.lang);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/admin/contact-messages',
    {
      schema: {
        summary: 'Contact-form messages, newest first, a page at a time with their total (admins)',
        tags: ['content'],
        querystring: ZPageQuery,
        response: { 200: ZContactMessagesResponse, ...errorResponses(400, 401, 403) },
      },
      config: { access: 'admin' },
    },
    async (request) => listContactMessages(app.db, request.query),
  );
};
