import fastifySwagger, { type FastifyDynamicSwaggerOptions } from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { API_KEY_PREFIX, type ApiKeyScope, ZApiError } from '@tradeops/shared';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { appPlugin } from './app-plugin';
import { SESSION_COOKIE_PREFIX } from './auth/better-auth';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PREFIX = '/api/docs';

/** One part of a multipart request, for the document (the route reads it with readMultipart). */
interface MultipartPartDoc {
  description: string;
  /** A file part (binary); otherwise a text field. */
  isFile?: boolean;
  isRequired?: boolean;
  /** A file part that may come several times (evidence files). */
  isRepeated?: boolean;
  enum?: readonly string[];
  format?: 'date';
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The parts of a `multipart/form-data` body, for the OpenAPI document only: such a route has
     * no `schema.body` (the parts are read and checked by readMultipart as they stream in).
     */
    multipartBody?: Record<string, MultipartPartDoc>;
  }
}

/** The security schemes of the document (docs/api.md). */
export const SECURITY_SCHEMES = {
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: `${SESSION_COOKIE_PREFIX}.session_token`,
    description:
      'The session of a signed-in person (POST /api/auth/sign-in), `__Secure-` prefixed over HTTPS. State-changing requests must also carry this site’s `Origin` (403 CSRF_REJECTED otherwise).',
  },
  apiKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: `${API_KEY_PREFIX}…`,
    description:
      'A company’s API key (settings → Integrations), `Authorization: Bearer tok_…`. Only the operations that list it accept one; `read` keys only on reading ones (docs/api.md).',
  },
  metricsToken: {
    type: 'http',
    scheme: 'bearer',
    description: 'METRICS_TOKEN, for Prometheus scrapers (`/metrics` exists only when it is set).',
  },
} as const;

/**
 * A route's operationId, derived from its method and path so that it is unique and stable:
 * `GET /api/operations/:id/orders/mine` → `getOperationsByIdOrdersMine`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) =>
      segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[^a-zA-Z0-9]+/)] : segment.split(/[^a-zA-Z0-9]+/),
    )
    .filter(Boolean);
  return [method.toLowerCase(), ...words.map((word) => word[0]!.toUpperCase() + word.slice(1))].join('');
}

/** Who may call an operation, as OpenAPI security requirements (an empty list: anyone). */
function securityOf(
  access: string | undefined,
  apiKey: ApiKeyScope | undefined,
  url: string,
): Record<string, string[]>[] {
  if (url === '/metrics') return [{ metricsToken: [] }];
  if (!access || access === 'public') return [];
  return apiKey ? [{ sessionCookie: [] }, { apiKey: [] }] : [{ sessionCookie: [] }];
}

function multipartSchema(parts: Record<string, MultipartPartDoc>) {
  const properties = Object.fromEntries(
    Object.entries(parts).map(([name, part]) => {
      const base = part.isFile
        ? { type: 'string', format: 'binary' }
        : {
            type: 'string',
            ...(part.enum ? { enum: part.enum } : {}),
            ...(part.format ? { format: part.format } : {}),
          };
      const property = part.isRepeated ? { type: 'array', items: base } : base;
      return [name, { ...property, description: part.description }];
    }),
  );
  const required = Object.entries(parts)
    .filter(([, part]) => part.isRequired)
    .map(([name]) => name);
  return { type: 'object', properties, ...(required.length > 0 ? { required } : {}) };
}

/** What the document describes: the API and /metrics; the pages, the sitemap, robots.txt and the preview images are not API. */
function isDocumented(url: string): boolean {
  return url === '/metrics' || url === '/api' || url.startsWith('/api/');
}

type TransformInput = Parameters<NonNullable<FastifyDynamicSwaggerOptions['transform']>>[0];

/** zod → JSON Schema, then what the routes' zod schemas cannot say: operationId, security, multipart bodies. */
function describeRoute(input: TransformInput) {
  if (!isDocumented(input.url)) return { schema: { ...input.schema, hide: true }, url: input.url };
  if (!input.schema || input.schema.hide) return jsonSchemaTransform(input);
  // Every route answers 400 to a malformed request (a repeated or oversized query parameter,
  // plugins/query-string.ts), whether or not its own schema names a 4xx.
  const response = (input.schema.response ?? {}) as Record<string, unknown>;
  const hasClientError = Object.keys(response).some((status) => status.startsWith('4'));
  const withClientError = hasClientError
    ? input.schema
    : { ...input.schema, response: { ...response, 400: ZApiError } };
  const { schema, url } = jsonSchemaTransform({ ...input, schema: withClientError }) as {
    schema: Record<string, unknown>;
    url: string;
  };
  const config = (input.route.config ?? {}) as {
    access?: string;
    apiKey?: ApiKeyScope;
    multipartBody?: Record<string, MultipartPartDoc>;
  };
  const method = [input.route.method].flat()[0] ?? 'GET';
  return {
    schema: {
      ...schema,
      operationId: operationIdOf(method, input.url),
      security: securityOf(config.access, config.apiKey, input.url),
      ...(config.multipartBody ? { body: multipartSchema(config.multipartBody) } : {}),
    },
    url,
  };
}

/** The OpenAPI document generated from the routes' zod schemas (lint-clean under redocly's recommended rules), and its browsable reference. */
export const openApiPlugin = appPlugin<{ version: string; publicUrl: string }>(async (app, { version, publicUrl }) => {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'TradeOps API',
        description:
          'API of TradeOps, a marketplace for pooled cross-border commodity trade. Errors answer `{ error: { code, message } }` in the language of `x-lang` / `Accept-Language` (Spanish by default). A company’s systems call it with an API key and hear about events through signed webhooks: docs/api.md.',
        version,
        license: { name: 'Proprietary', url: `${publicUrl}/terms` },
      },
      servers: [{ url: publicUrl, description: 'This site (PUBLIC_URL)' }],
      components: { securitySchemes: SECURITY_SCHEMES },
    },
    transform: describeRoute,
  });
  await app.register(fastifySwaggerUi, {
    routePrefix: DOCS_PREFIX,
    // No call to the public validator service (and no image from it under our CSP).
    uiConfig: { validatorUrl: null, deepLinking: true },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true }, config: { access: 'public' } }, async () => app.swagger());
});
