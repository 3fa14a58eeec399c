import { ERROR_STATUS } from '@tradeops/shared';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../test/test-app';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { changedTables, checksumTables, countWrites, listBusinessTables } from '../test/table-checksum';

/**
 * Bad input on every JSON route, as every role. The routes come from `app.apiRoutes` and their
 * inputs from the OpenAPI document the routes' own zod schemas generate, so a route added by any
 * module is fuzzed as soon as it is registered. Inputs: values that fit the schema, values that do
 * not (wrong types, huge and unicode strings, negative and fractional numbers, null, arrays,
 * objects), extra fields, and bodies that are not objects at all. Every answer must be below 500;
 * every refusal a JSON `{error:{code,message}}` with a known code, and leave the business tables
 * exactly as they were (a checksum over their rows). Every answer carries the security headers.
 */

const RUNS_PER_ROUTE_AND_ROLE = Number(process.env.FUZZ_RUNS ?? 8);
/** Streams never end by themselves (SSE); signing out or revoking would end the role's own session. */
const SKIPPED = new Set(['GET /api/events', 'POST /api/auth/sign-out', 'POST /api/session/revoke-all']);
const ROLES = {
  visitor: null,
  'kyc-pending': 'pendiente@tradeops.demo',
  buyer: 'comprador@tradeops.demo',
  seller: 'vendedor@tradeops.demo',
  admin: 'admin@tradeops.demo',
} as const;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  enum?: unknown[];
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  format?: string;
  anyOf?: JsonSchema[];
};
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const nastyStrings = fc.constantFrom(
  '',
  ' ',
  "' OR '1'='1",
  '1; drop table operations; --',
  '../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '\u0000',
  'a\ud800b',
  '\u202e\u0645\u0631\u062d\u0628\u0627',
  '𝕋𝕣𝕒𝕕𝕖𝕆𝕡𝕤'.repeat(300),
  'a'.repeat(100_000),
  'NaN',
  '-1',
  '1.5',
  '1e309',
  '00000000-0000-0000-0000-000000000000',
);
const nastyNumbers = fc.constantFrom(-1, -0.5, 0, 0.1, 1.5, -1e9, 1e21, Number.MAX_SAFE_INTEGER + 2, -0);
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyStrings,
  nastyNumbers,
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.oneof(fc.string(), fc.integer()), { maxLength: 5 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 }), { maxKeys: 3 }),
);

/** A value the schema would accept (roughly), so refusals deeper than validation are reached too. */
function fittingValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  if (!schema) return nastyValue;
  if (schema.anyOf?.length) return fc.oneof(...schema.anyOf.map(fittingValue));
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -10, max: Math.min(schema.maximum ?? 1_000, 1_000_000) });
    case 'number':
      return fc.double({ min: schema.minimum ?? -10, max: schema.maximum ?? 1_000, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(fittingValue(schema.items), { maxLength: 3 });
    case 'object':
      return objectFor(schema, false);
    default:
      if (schema.format === 'uuid') return fc.uuid();
      if (schema.format === 'email') return fc.emailAddress();
      return fc.string({ maxLength: schema.maxLength ?? 40 });
  }
}

function valueFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof({ weight: 2, arbitrary: fittingValue(schema) }, { weight: 3, arbitrary: nastyValue });
}

function objectFor(schema: JsonSchema, withExtras = true): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const known = fc.record(
    Object.fromEntries(Object.entries(properties).map(([name, property]) => [name, valueFor(property)])),
    { requiredKeys: [] },
  );
  if (!withExtras) return known as fc.Arbitrary<Record<string, unknown>>;
  const extras = fc.dictionary(fc.constantFrom('isAdmin', 'role', 'id', '__proto__', 'status', 'x'), nastyValue, {
    maxKeys: 2,
  });
  return fc.tuple(known, extras).map(([a, b]) => ({ ...b, ...a }));
}

function bodyFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 6, arbitrary: objectFor(schema ?? {}) },
    { weight: 1, arbitrary: nastyValue },
    { weight: 1, arbitrary: fc.constant(undefined) },
  );
}

function pathValue(knownIds: string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom(...knownIds),
    fc.uuid(),
    nastyStrings,
    fc.string({ unit: 'grapheme', maxLength: 20 }),
  );
}

describe('fuzzing every JSON route as every role', () => {
  let t: TestApp;
  const headersByRole = new Map<string, Record<string, string>>();
  let openapi: { paths: Record<string, Record<string, OpenApiOperation>> };
  let businessTables: string[] = [];
  let writes: () => Promise<string> = async () => '';
  const tally = { inputs: 0, refusals: 0, accepted: 0, routes: 0 };

  const checksum = () => checksumTables(t.db, businessTables);

  beforeAll(async () => {
    t = await createTestApp();
    for (const [role, email] of Object.entries(ROLES)) {
      headersByRole.set(role, email ? await signIn(t, email) : sameOriginHeaders());
    }
    openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    businessTables = await listBusinessTables(t.db);
    writes = await countWrites(t.db, businessTables);
  }, 120_000);
  afterAll(async () => {
    console.info(
      `fuzz: ${tally.inputs} inputs on ${tally.routes} route×role pairs: ${tally.refusals} refused (4xx), ${tally.accepted} accepted (2xx/3xx), 0 server errors`,
    );
    await t?.close();
  });

  it('lists the routes it fuzzes (every /api route but the skipped few)', () => {
    const routes = t.app.apiRoutes.filter((route) => !SKIPPED.has(`${route.method} ${route.url}`));
    expect(routes.length).toBeGreaterThan(25);
    expect(businessTables).toContain('operations');
  });

  it('answers bad input with a clear 4xx, never a 5xx, and changes nothing when it refuses', async () => {
    const knownIds = [demoOperationId(FEATURED_OPERATION_KEY), demoOperationId('mandarins')];
    const knownCodes = new Set(Object.keys(ERROR_STATUS));
    const routes = t.app.apiRoutes.filter((route) => !SKIPPED.has(`${route.method} ${route.url}`));
    // The tables' checksum after the previous input is the next one's "before"; it is taken again only
    // when a write statement ran on them in between (most refusals write nothing: 2 reads, not 60 scans).
    let last = await checksum();
    let lastWrites = await writes();
    const checksumIfWritten = async () => {
      const now = await writes();
      if (now !== lastWrites) [last, lastWrites] = [await checksum(), now];
      return last;
    };
    for (const route of routes) {
      const openApiPath = route.url.replace(/:(\w+)/g, '{$1}');
      const operation = openapi.paths[openApiPath]?.[route.method.toLowerCase()] ?? {};
      const pathParams = (route.url.match(/:(\w+)/g) ?? []).map((name) => name.slice(1));
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
      const hasBody = !['GET', 'DELETE', 'HEAD'].includes(route.method);
      const input = fc.record({
        params: fc.tuple(...pathParams.map(() => pathValue(knownIds))),
        query: fc.record(Object.fromEntries(queryParams.map((p) => [p.name, valueFor(p.schema)])), {
          requiredKeys: [],
        }),
        extraQuery: fc.option(fc.tuple(fc.constantFrom('page', 'limit', 'x', 'q'), nastyStrings)),
        body: hasBody ? bodyFor(bodySchema) : fc.constant(undefined),
      });

      for (const [role, headers] of headersByRole) {
        tally.routes += 1;
        await fc.assert(
          fc.asyncProperty(input, async ({ params, query, extraQuery, body }) => {
            let url = route.url;
            pathParams.forEach((name, index) => {
              url = url.replace(`:${name}`, encodeURIComponent(String(params[index] ?? '')) || 'x');
            });
            const search = new URLSearchParams();
            for (const [key, value] of Object.entries(query)) {
              search.append(key, typeof value === 'string' ? value : JSON.stringify(value));
            }
            if (extraQuery) search.append(extraQuery[0], extraQuery[1]);
            const qs = search.toString();
            const before = last;
            const response = await t.app.inject({
              method: route.method as 'GET',
              url: qs ? `${url}?${qs}` : url,
              headers: body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
              payload: body === undefined ? undefined : JSON.stringify(body),
            });
            tally.inputs += 1;
            const where = `${role} ${route.method} ${route.url} → ${response.statusCode} ${response.body.slice(0, 200)}`;
            expect(response.statusCode, where).toBeLessThan(500);
            expect(response.headers['content-security-policy'], where).toContain("frame-ancestors 'none'");
            expect(response.headers['x-content-type-options'], where).toBe('nosniff');
            expect(response.headers['referrer-policy'], where).toBe('strict-origin-when-cross-origin');
            if (response.statusCode >= 400) {
              tally.refusals += 1;
              const error = (response.json() as { error?: { code?: string; message?: string } }).error;
              expect(knownCodes.has(error?.code ?? ''), where).toBe(true);
              expect(error?.message, where).toBeTruthy();
              const changed = changedTables(before, await checksumIfWritten());
              expect(changed, `${where}: a refused request changed the business tables`).toEqual([]);
            } else {
              tally.accepted += 1;
              await checksumIfWritten();
            }
          }),
          { numRuns: RUNS_PER_ROUTE_AND_ROLE, seed: Number(process.env.FUZZ_SEED ?? 20_261_123) },
        );
      }
    }
  }, 900_000);
});
