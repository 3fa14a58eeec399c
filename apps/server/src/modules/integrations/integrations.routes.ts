import {
  ZApiKey,
  ZApiKeyList,
  ZCreateApiKeyRequest,
  ZSetApiVersionRequest,
  ZCreateWebhookRequest,
  ZCreatedApiKey,
  ZCreatedWebhook,
  ZOkResponse,
  ZWebhookDelivery,
  ZWebhookDeliveryList,
  ZWebhookEndpoint,
  ZWebhookEndpointList,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { createApiKey, listApiKeys, revokeApiKey, setApiKeyVersion } from './api-keys.service';
import { type HostResolver, resolveWithSystem } from './public-address';
import {
  createWebhookEndpoint,
  deleteWebhookEndpoint,
  listWebhookDeliveries,
  listWebhookEndpoints,
  resendWebhookDelivery,
  setWebhookEndpointVersion,
} from './webhooks.service';

const errors = errorResponses(400, 401, 403, 404, 409, 429);
const ZIdParams = z.object({ id: z.uuid() });

export interface IntegrationsRoutesOptions {
  /** How webhook hosts are resolved (the system's resolver; tests give their own). */
  resolveHost?: HostResolver;
}

/**
 * A company's API keys and webhook endpoints, managed from its settings page (docs/api.md).
 * Sessions only: an API key can neither make keys nor read them (`config.apiKey` is absent), and
 * only KYC-approved companies integrate.
 */
export const integrationsRoutes: FastifyPluginAsyncZod<IntegrationsRoutesOptions> = async (app, options) => {
  const webhookSettings = () => ({
    sessionSecret: app.config.sessionSecret!,
    allowInternalAddresses: app.config.allowPrivateWebhookAddresses,
    resolveHost: options.resolveHost ?? resolveWithSystem,
  });

  app.get(
    '/account/api-keys',
    {
      schema: {
        summary: 'The company’s API keys (never the keys themselves: their first characters)',
        tags: ['integrations'],
        response: { 200: ZApiKeyList, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return { keys: await listApiKeys(app.db, requireAuth(request).user.id) };
    },
  );

  app.post(
    '/account/api-keys',
    {
      schema: {
        summary: 'Create an API key (read or write); the answer holds the key, shown this once',
        tags: ['integrations'],
        body: ZCreateApiKeyRequest,
        response: { 201: ZCreatedApiKey, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request, reply) => {
      const created = await createApiKey(app.db, { userId: requireAuth(request).user.id, request: request.body });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.post(
    '/account/api-keys/:id/revoke',
    {
      schema: {
        summary: 'Revoke an API key at once',
        tags: ['integrations'],
        params: ZIdParams,
        response: { 200: ZApiKey, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request) => revokeApiKey(app.db, { userId: requireAuth(request).user.id, id: request.params.id }),
  );

  app.put(
    '/account/api-keys/:id/version',
    {
      schema: {
        summary: 'Pin an API key to an API version (the bodies its requests read and send; docs/api.md)',
        tags: ['integrations'],
        params: ZIdParams,
        body: ZSetApiVersionRequest,
        response: { 200: ZApiKey, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request) =>
      setApiKeyVersion(app.db, {
        userId: requireAuth(request).user.id,
        id: request.params.id,
        apiVersion: request.body.apiVersion,
      }),
  );

  app.get(
    '/account/webhooks',
    {
      schema: {
        summary: 'The company’s webhook endpoints',
        tags: ['integrations'],
        response: { 200: ZWebhookEndpointList, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request) => ({ endpoints: await listWebhookEndpoints(app.db, requireAuth(request).user.id) }),
  );

  app.post(
    '/account/webhooks',
    {
      schema: {
        summary: 'Add a webhook endpoint (a public http(s) URL); the answer holds its signing secret, shown this once',
        tags: ['integrations'],
        body: ZCreateWebhookRequest,
        response: { 201: ZCreatedWebhook, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request, reply) => {
      const created = await createWebhookEndpoint(app.db, webhookSettings(), {
        userId: requireAuth(request).user.id,
        request: { url: request.body.url, events: request.body.events ?? [] },
      });
      return reply.code(201).header('cache-control', 'no-store').send(created);
    },
  );

  app.delete(
    '/account/webhooks/:id',
    {
      schema: {
        summary: 'Delete a webhook endpoint (deliveries still waiting are given up)',
        tags: ['integrations'],
        params: ZIdParams,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request, reply) => {
      await deleteWebhookEndpoint(app.db, { userId: requireAuth(request).user.id, id: request.params.id });
      return reply.send({ ok: true as const });
    },
  );

  app.put(
    '/account/webhooks/:id/version',
    {
      schema: {
        summary: 'Pin a webhook endpoint to an API version (the keys of the events written from now on; docs/api.md)',
        tags: ['integrations'],
        params: ZIdParams,
        body: ZSetApiVersionRequest,
        response: { 200: ZWebhookEndpoint, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request) =>
      setWebhookEndpointVersion(app.db, {
        userId: requireAuth(request).user.id,
        id: request.params.id,
        apiVersion: request.body.apiVersion,
      }),
  );

  app.get(
    '/account/webhooks/:id/deliveries',
    {
      schema: {
        summary: 'The newest deliveries to an endpoint (50), with their state, tries and the last answer',
        tags: ['integrations'],
        params: ZIdParams,
        response: { 200: ZWebhookDeliveryList, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return {
        deliveries: await listWebhookDeliveries(app.db, {
          userId: requireAuth(request).user.id,
          endpointId: request.params.id,
        }),
      };
    },
  );

  app.post(
    '/account/webhooks/deliveries/:id/resend',
    {
      schema: {
        summary: 'Send a delivery again (one that succeeded or was given up)',
        tags: ['integrations'],
        params: ZIdParams,
        response: { 200: ZWebhookDelivery, ...errors },
      },
      config: { access: 'kyc' },
    },
    async (request) =>
      resendWebhookDelivery(app.db, app.jobs, { userId: requireAuth(request).user.id, deliveryId: request.params.id }),
  );
};
