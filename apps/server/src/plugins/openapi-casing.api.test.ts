import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenApiDocument, bodyPropertyNames, propertyNames } from '../test/openapi-walk';
import { type TestApp, createTestApp } from '../test/test-app';

/** A JSON key in camelCase (docs/glossary.md, "API casing"): `reviewStatus`, `id`, `pricePerTonCents`. */
const CAMEL_CASE = /^[a-z][a-zA-Z0-9]*$/;

/**
 * One JSON casing for the API (issue 26): every key of a JSON request or response body in the
 * published OpenAPI document is camelCase, deprecated paths included (they answer as their routes), and so is
 * every multipart form field (a milestone step's `occurredAt`, `blNumber`, `netWeightKg`). (52 routes had snake_case keys when this test
 * came; they moved route family by route family. API keys made before 2026-11-27 still read and send
 * the snake_case keys of their version: plugins/api-version, decision 026.)
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
        const found = bodyPropertyNames(operation);
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

  it('has no snake_case key in any JSON body', () => {
    const byRoute = snakeCaseByRoute();
    expect(Object.fromEntries(byRoute)).toEqual({});
  });

  it('has no snake_case multipart form field', () => {
    const wrong: string[] = [];
    let multipartRoutes = 0;
    for (const [path, methods] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const form = operation.requestBody?.content?.['multipart/form-data']?.schema;
        if (!form) continue;
        multipartRoutes += 1;
        for (const name of Object.keys(form.properties ?? {})) {
          if (!CAMEL_CASE.test(name)) wrong.push(`${method.toUpperCase()} ${path}: ${name}`);
        }
      }
    }
    expect(multipartRoutes).toBeGreaterThan(3);
    expect(wrong).toEqual([]);
  });
});
