import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appPlugin } from './app-plugin';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** The OpenAPI document generated from the routes' zod schemas, and its browsable reference. */
export const openApiPlugin = appPlugin<{ version: string }>(async (app, { version }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'TradeOps API',
        description:
          'API of TradeOps, a marketplace for pooled cross-border commodity trade. Errors answer `{ error: { code, message } }` in the language of `x-lang` / `Accept-Language` (Spanish by default).',
        version,
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to the public validator service (and no image from it under our CSP).
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
});
