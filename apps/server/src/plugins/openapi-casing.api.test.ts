import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';

/** A JSON key in camelCase (docs/glossary.md, "API casing"): `reviewStatus`, `id`, `pricePerTonCents`. */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/**
 * The routes whose JSON bodies still carry snake_case keys, by route, as found when this test came
 * (issue 26): 52 routes; 44 since the contact messages, the operation ledger, the payment queue and the partner assignments (admin-only routes no API key reads) and a partner's assigned deals (partner sessions only) went camelCase; 27 since the orders (their confirmation and rejection answer the order), the waitlist, the statements, the platform settings and the account profile did. Each is to be converted with its web client in one change; the list only
 * shrinks: a route named here that no longer has one fails this test too, so it leaves the list when
 * it is fixed. Placing an order (POST /api/operations/{id}/orders) is documented to API-key
 * clients with snake_case fields (docs/api.md): it must go on accepting them when it changes.
 */
const STILL_SNAKE_CASE: readonly string[] = [
  'DELETE /api/operations/{id}/watch',
  'GET /api/admin/operations/{id}/control',
  'GET /api/blog',
  'GET /api/blog/{slug}',
  'GET /api/notifications',
  'GET /api/notifications/unread-count',
  'GET /api/operations',
  'GET /api/operations/catalogue',
  'GET /api/operations/featured',
  'GET /api/operations/{id}',
  'GET /api/operations/{id}/room',
  'GET /api/operations/{id}/documents',
  'GET /api/operations/{id}/messages',
  'GET /api/operations/{id}/summary',
  'GET /api/stats',
  'PATCH /api/operations/{id}/room/notifications',
  'POST /api/admin/operations/{id}/cancel',
  'POST /api/admin/operations/{id}/dispute/decision',
  'POST /api/admin/operations/{id}/final-measurement',
  'POST /api/admin/operations/{id}/payout-preview',
  'POST /api/admin/operations/{id}/settle',
  'POST /api/notifications/read-all',
  'POST /api/notifications/{id}/read',
  'POST /api/operations/{id}/disputes',
  'POST /api/operations/{id}/disputes/evidence',
  'POST /api/operations/{id}/messages',
  'PUT /api/operations/{id}/watch',
];

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema | JsonSchema[];
  additionalProperties?: boolean | JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  not?: JsonSchema;
  $ref?: string;
}
interface OpenApiOperation {
  deprecated?: boolean;
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
}

/** Every property name in a schema, nested objects, arrays and unions included, with where it is. */
function propertyNames(schema: JsonSchema | undefined, at: string, found: [string, string][], seen = new Set()): void {
  if (!schema || typeof schema !== 'object' || seen.has(schema)) return;
  seen.add(schema);
  for (const [name, child] of Object.entries(schema.properties ?? {})) {
    found.push([name, `${at}.${name}`]);
    propertyNames(child, `${at}.${name}`, found, seen);
  }
  const items = Array.isArray(schema.items) ? schema.items : schema.items ? [schema.items] : [];
  for (const item of items) propertyNames(item, `${at}[]`, found, seen);
  if (typeof schema.additionalProperties === 'object')
    propertyNames(schema.additionalProperties, `${at}{}`, found, seen);
  for (const part of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) {
    propertyNames(part, at, found, seen);
  }
}

/**
 * One JSON casing for the API (issue 26): every key of a JSON request or response body in the
 * published OpenAPI document is camelCase. Multipart form fields are not JSON and are left out.
 */
describe('the JSON casing of the API', () => {
  let t: TestApp;
  let document: OpenApiDocument;
  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDocument;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  /** Route → its snake_case keys (request and response bodies). */
  function snakeCaseByRoute(): Map<string, string[]> {
    const byRoute = new Map<string, string[]>();
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        // A deprecated alias answers its old shape on purpose (the old /api/participations paths): it goes, not changes.
        if (operation.deprecated) continue;
        const found: [string, string][] = [];
        const json = (content?: Record<string, { schema?: JsonSchema }>) => content?.['application/json']?.schema;
        propertyNames(json(operation.requestBody?.content), 'body', found);
        for (const [status, response] of Object.entries(operation.responses ?? {})) {
          propertyNames(json(response.content), status, found);
        }
        const wrong = found.filter(([name]) => !CAMEL_CASE.test(name)).map(([, where]) => where);
        if (wrong.length > 0) byRoute.set(`${method.toUpperCase()} ${path}`, [...new Set(wrong)]);
      }
    }
    return byRoute;
  }

  it('reads the bodies of the document (the walk finds camelCase keys where they are)', () => {
    const found: [string, string][] = [];
    const schema = document.paths['/api/offers/mine']?.get?.responses?.['200']?.content?.['application/json']?.schema;
    propertyNames(schema, '200', found);
    expect(found.map(([name]) => name)).toEqual(expect.arrayContaining(['items', 'reviewStatus', 'pricePerTonCents']));
  });

  it('has no snake_case key in a JSON body outside the routes still listed, and each listed route still has one', () => {
    const byRoute = snakeCaseByRoute();
    const unlisted = [...byRoute].filter(([route]) => !STILL_SNAKE_CASE.includes(route));
    expect(unlisted, JSON.stringify(Object.fromEntries(unlisted), null, 1)).toEqual([]);
    expect(STILL_SNAKE_CASE.filter((route) => !byRoute.has(route))).toEqual([]);
  });
});
