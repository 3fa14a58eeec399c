import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../seed/demo-operations';
import { ALLOWED, CALLERS, type Caller } from '../test/callers';
import { changedTables, checksumTables, listBusinessTables } from '../test/table-checksum';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../test/test-app';

/**
 * Characters PostgreSQL cannot store, in every string the API reads: each string field of
 * every JSON body, every query parameter and every path parameter of every route, one at a
 * time, as every kind of caller. The rest of the request is valid, so the bad character is
 * the only reason to refuse it. A NUL byte (PostgreSQL refuses it in text: 22021; in jsonb:
 * 22P05) and a lone UTF-16 surrogate (refused in jsonb: 22P02; silently mangled to U+FFFD in
 * text) must both be refused before anything is written: 400 VALIDATION_FAILED (or
 * BAD_REQUEST for a URL that is not UTF-8) to a caller the route lets through, the access
 * refusal to anyone else, and the business tables unchanged. The routes and their inputs
 * come from the OpenAPI document, so a new route is swept as soon as it is registered.
 */

/** Streams never end by themselves (SSE); signing out or revoking would end the caller's own session. */
const SKIPPED = new Set(['GET /api/events', 'POST /api/auth/sign-out', 'POST /api/session/revoke-all']);

/** What goes into a JSON string, and how the same character travels in a URL. */
const BAD_CHARACTERS = [
  { name: 'NUL', text: '\u0000', url: '%00' },
  // A lone surrogate has no UTF-8 form: in a URL it can only arrive as its WTF-8 bytes.
  { name: 'lone surrogate', text: '\ud800', url: '%ED%A0%80' },
] as const;

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  format?: string;
  minimum?: number;
  maximum?: number;
  maxLength?: number;
};
interface OpenApiOperation {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}

const FEATURED = demoOperationId(FEATURED_OPERATION_KEY);
const SAMPLE_TEXT = 'Texto válido de prueba';

/** A value the schema accepts (the bad character then goes into one string of it). */
function sampleValue(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return SAMPLE_TEXT;
  if (schema.anyOf?.length)
    return sampleValue(
      schema.anyOf.find((option) => option.type !== 'null'),
      name,
    );
  if (schema.enum?.length) return schema.enum[0];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number':
      return Math.min(Math.max(schema.minimum ?? 5, 5), schema.maximum ?? 5);
    case 'boolean':
      return true;
    case 'array':
      return [sampleValue(schema.items, name)];
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, property]) => [key, sampleValue(property, key)]),
      );
    default:
      if (schema.format === 'uuid') return FEATURED;
      if (schema.format === 'email' || /email/i.test(name)) return 'persona@example.com';
      if (schema.format === 'date') return '2030-01-15';
      if (name === 'region') return 'UY';
      return SAMPLE_TEXT.slice(0, Math.max(2, (schema.maxLength ?? SAMPLE_TEXT.length) - 1));
  }
}

/** The paths of every string inside a sample value (object keys and array indexes). */
function stringPaths(value: unknown, path: (string | number)[] = []): (string | number)[][] {
  if (typeof value === 'string') return [path];
  if (Array.isArray(value)) return value.flatMap((item, index) => stringPaths(item, [...path, index]));
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([key, item]) => stringPaths(item, [...path, key]));
  }
  return [];
}

/** The sample with the bad character put inside the string at `path` (after its first character). */
function withBadCharacter(value: unknown, path: (string | number)[], bad: string): unknown {
  if (path.length === 0) {
    const text = String(value);
    return `${text.slice(0, 1)}${bad}${text.slice(1)}`;
  }
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, unknown>;
  copy[head!] = withBadCharacter(copy[head!], rest, bad);
  return copy;
}

interface Probe {
  where: string;
  url: string;
  body: unknown;
}

/** Every request of one route that carries one bad character in one place. */
function probesFor(routeUrl: string, operation: OpenApiOperation): Probe[] {
  const pathParams = (routeUrl.match(/:(\w+)/g) ?? []).map((name) => name.slice(1));
  const parameterSchema = (where: string, name: string) =>
    operation.parameters?.find((parameter) => parameter.in === where && parameter.name === name)?.schema;
  const samplePath: Record<string, string> = Object.fromEntries(
    pathParams.map((name) => [name, String(sampleValue(parameterSchema('path', name), name))]),
  );
  const urlWith = (params: Record<string, string>, query = '') =>
    routeUrl.replace(/:(\w+)/g, (_, name: string) => params[name]!) + query;
  const bodySchema = operation.requestBody?.content?.['application/json']?.schema;
  const sampleBody = bodySchema ? sampleValue(bodySchema, 'body') : undefined;

  const probes: Probe[] = [];
  for (const bad of BAD_CHARACTERS) {
    for (const name of pathParams) {
      const sample = samplePath[name]!;
      probes.push({
        where: `${bad.name} in path :${name}`,
        url: urlWith({
          ...samplePath,
          [name]: `${sample.slice(0, 1)}${bad.url}${encodeURIComponent(sample.slice(1))}`,
        }),
        body: sampleBody,
      });
    }
    for (const parameter of operation.parameters?.filter((p) => p.in === 'query') ?? []) {
      const sample = String(sampleValue(parameter.schema, parameter.name));
      probes.push({
        where: `${bad.name} in query ${parameter.name}`,
        url: urlWith(
          samplePath,
          `?${parameter.name}=${encodeURIComponent(sample.slice(0, 1))}${bad.url}${encodeURIComponent(sample.slice(1))}`,
        ),
        body: sampleBody,
      });
    }
    for (const path of stringPaths(sampleBody)) {
      probes.push({
        where: `${bad.name} in body ${path.join('.')}`,
        url: urlWith(samplePath),
        body: withBadCharacter(sampleBody, path, bad.text),
      });
    }
  }
  return probes;
}

describe('characters PostgreSQL cannot store, in every input of every route', () => {
  let t: TestApp;
  const headersByCaller = new Map<Caller, Record<string, string>>();
  let openapi: { paths: Record<string, Record<string, OpenApiOperation>> };
  let businessTables: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    for (const [caller, email] of Object.entries(CALLERS) as [Caller, string | null][]) {
      headersByCaller.set(caller, email ? await signIn(t, email) : sameOriginHeaders());
    }
    openapi = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    businessTables = await listBusinessTables(t.db);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a NUL byte or a lone surrogate in any string input, as every caller, and changes nothing', async () => {
    let probeCount = 0;
    let addressCounter = 0;
    const failures: string[] = [];
    for (const route of t.app.apiRoutes.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`))) {
      const operation = openapi.paths[route.url.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()] ?? {};
      const probes = probesFor(route.url, operation);
      if (probes.length === 0) continue;
      const before = await checksumTables(t.db, businessTables);
      for (const probe of probes) {
        for (const [caller, headers] of headersByCaller) {
          addressCounter += 1;
          const response = await t.app.inject({
            method: route.method as 'GET',
            url: probe.url,
            headers: probe.body === undefined ? headers : { ...headers, 'content-type': 'application/json' },
            payload: probe.body === undefined ? undefined : JSON.stringify(probe.body),
            // A new address per request: per-address rate limits must not answer in validation's place.
            remoteAddress: `10.9.${Math.floor(addressCounter / 250) % 250}.${(addressCounter % 250) + 1}`,
          });
          probeCount += 1;
          const error = (response.json() as { error?: { code?: string; message?: string } }).error;
          const isAllowed = ALLOWED[route.access].includes(caller);
          const expected = isAllowed ? [400] : [400, 401, 403];
          const isRightRefusal =
            expected.includes(response.statusCode) &&
            Boolean(error?.message) &&
            (response.statusCode !== 400 || error?.code === 'VALIDATION_FAILED' || error?.code === 'BAD_REQUEST');
          if (!isRightRefusal) {
            failures.push(
              `${caller} ${route.method} ${route.url} (${probe.where}) → ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
      const changed = changedTables(before, await checksumTables(t.db, businessTables));
      if (changed.length > 0)
        failures.push(`${route.method} ${route.url}: refused requests changed ${changed.join(', ')}`);
    }
    expect(failures).toEqual([]);
    expect(probeCount).toBeGreaterThan(500);
  }, 600_000);
});
