import { API_VERSIONS, API_VERSION_HEADER, type ApiVersion, CURRENT_API_VERSION, ZApiVersion } from '@tradeops/shared';
import { appPlugin } from '../app-plugin';
import { sendError } from '../error-handler';
import { currentPath } from '../legacy-paths';
import { SNAKE_CASE_KEYS_2026_11_25 } from './snake-case-2026-11-25';

declare module 'fastify' {
  interface FastifyRequest {
    /** The version of the JSON this request sends and reads (decision 026). */
    apiVersion: ApiVersion;
  }
}

/** Per version older than the current one: its snake_case keys by route (`GET /api/orders/{id}`), as a set. */
const OLD_KEYS: Partial<Record<ApiVersion, ReadonlyMap<string, ReadonlySet<string>>>> = {
  '2026-11-25': new Map(Object.entries(SNAKE_CASE_KEYS_2026_11_25).map(([route, keys]) => [route, new Set(keys)])),
};

export const toSnakeCase = (name: string) => name.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
export const toCamelCase = (name: string) => name.replace(/_([a-z0-9])/g, (_, next: string) => next.toUpperCase());

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A JSON value with its keys renamed where `rename` says, walking objects and arrays. `at` is the place of
 * `value` written as in the version's key lists (`200.order`, `body`, `200.items[]`), with the old names.
 */
function renameKeys(value: unknown, at: string, rename: (name: string, at: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, `${at}[]`, rename));
  if (!isPlainObject(value)) return value;
  const renamed: Record<string, unknown> = {};
  for (const [name, child] of Object.entries(value)) {
    const key = rename(name, at);
    renamed[key] = renameKeys(child, `${at}.${key}`, rename);
  }
  return renamed;
}

/**
 * A JSON value of today's API written in `version`'s keys: `route` names the version's key list
 * (`GET /api/orders/{id}`, `WEBHOOK event`), `at` the value's place in it (`200`, `event`).
 */
export function renderInVersion(value: unknown, version: ApiVersion, route: string, at: string): unknown {
  const oldKeys = OLD_KEYS[version]?.get(route);
  if (!oldKeys) return value;
  return renameKeys(value, at, (name, place) =>
    oldKeys.has(`${place}.${toSnakeCase(name)}`) ? toSnakeCase(name) : name,
  );
}

/**
 * A refusal's `fields` (`{ "paymentMethod": "…" }`, dotted paths into the request body) named as `version`
 * wrote the body (`payment_method`): a client reads back the names it sent.
 */
function fieldsInVersion(body: unknown, oldKeys: ReadonlySet<string>): unknown {
  if (!isPlainObject(body) || !isPlainObject(body.error) || !isPlainObject(body.error.fields)) return body;
  const oldName = (path: string) => {
    let place = 'body';
    return path
      .split('.')
      .map((segment) => {
        if (/^\d+$/.test(segment)) {
          place = `${place}[]`;
          return segment;
        }
        const name = oldKeys.has(`${place}.${toSnakeCase(segment)}`) ? toSnakeCase(segment) : segment;
        place = `${place}.${name}`;
        return name;
      })
      .join('.');
  };
  const fields = Object.fromEntries(Object.entries(body.error.fields).map(([path, text]) => [oldName(path), text]));
  return { ...body, error: { ...body.error, fields } };
}

/** `GET /api/orders/{id}` for the route a request took, its deprecated aliases (/api/participations/:id) included. */
function routeKey(method: string, url: string | undefined): string {
  return `${method} ${currentPath(url ?? '').replace(/:([A-Za-z]+)/g, '{$1}')}`;
}

/**
 * API versions (decision 026). A request speaks the version its `TradeOps-Version` header names, else the
 * one its API key is pinned to, else the current one (the web app); the answer names it in the same header.
 * The routes are written once, in the current version's camelCase (the shared schemas): a request of an
 * older version has its body's keys renamed to today's before validation, and its JSON answer's keys renamed
 * back to that version's on the way out, from the version's recorded key list. A header that names no
 * version answers 400 API_VERSION_UNKNOWN before anything runs. Registered after auth (it reads the key).
 */
export const apiVersionPlugin = appPlugin(async (app) => {
  app.decorateRequest('apiVersion', CURRENT_API_VERSION);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/api/')) return;
    const asked = request.headers[API_VERSION_HEADER.toLowerCase()];
    if (asked !== undefined) {
      const parsed = ZApiVersion.safeParse(asked);
      if (!parsed.success) {
        return sendError(request, reply, 'API_VERSION_UNKNOWN', { versions: API_VERSIONS.join(', ') });
      }
      request.apiVersion = parsed.data;
    } else {
      request.apiVersion = request.auth?.apiKey?.apiVersion ?? CURRENT_API_VERSION;
    }
    reply.header(API_VERSION_HEADER, request.apiVersion);
  });

  /** The old keys of the route a request took, in its version; undefined when nothing is renamed. */
  const oldKeysOf = (version: ApiVersion, method: string, url: string | undefined) =>
    OLD_KEYS[version]?.get(routeKey(method, url));

  app.addHook('preValidation', async (request) => {
    const oldKeys = oldKeysOf(request.apiVersion, request.method, request.routeOptions.url);
    if (!oldKeys || !isPlainObject(request.body)) return;
    request.body = renameKeys(request.body, 'body', (name, at) =>
      oldKeys.has(`${at}.${name}`) ? toCamelCase(name) : name,
    );
  });

  app.addHook('onSend', async (request, reply, payload) => {
    const oldKeys = oldKeysOf(request.apiVersion, request.method, request.routeOptions.url);
    if (!oldKeys || reply.hasHeader('content-encoding')) return payload;
    if (!/^application\/json\b/.test(String(reply.getHeader('content-type') ?? ''))) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const body: unknown = JSON.parse(payload.toString());
    const rendered = renderInVersion(
      body,
      request.apiVersion,
      routeKey(request.method, request.routeOptions.url),
      String(reply.statusCode),
    );
    return JSON.stringify(reply.statusCode >= 400 ? fieldsInVersion(rendered, oldKeys) : rendered);
  });
});
