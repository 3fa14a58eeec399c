import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fromPackageDir } from '../paths';
import { runCommand } from '../test/run-command';
import { type TestApp, createTestApp } from '../test/test-app';
import { operationIdOf } from './openapi';

const REPO_ROOT = fromPackageDir('../..');
const REDOCLY = join(REPO_ROOT, 'node_modules/@redocly/cli/bin/cli.js');

interface OpenApiOperation {
  operationId?: string;
  security?: Record<string, string[]>[];
  requestBody?: { content: Record<string, { schema: { properties?: Record<string, { format?: string }> } }> };
}
interface OpenApiDocument {
  servers: { url: string }[];
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: { securitySchemes: Record<string, unknown> };
}

/**
 * The published OpenAPI document under redocly's recommended rules (redocly.yaml), as CI's API
 * suite runs it: no error and no warning. `npm run lint:openapi` runs this file alone.
 */
describe('the OpenAPI document', () => {
  let t: TestApp;
  let workDir: string;
  let document: OpenApiDocument;
  beforeAll(async () => {
    // With METRICS_TOKEN, so /metrics and its security scheme are in the document too, and a site's
    // own address (the document's server is PUBLIC_URL; redocly refuses localhost there).
    t = await createTestApp({
      env: { METRICS_TOKEN: 'openapi-lint-token-0123', PUBLIC_URL: 'https://tradeops.example.org' },
    });
    workDir = await mkdtemp(join(tmpdir(), 'tradeops-openapi-'));
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    document = response.json() as OpenApiDocument;
  });
  afterAll(async () => {
    await t.close();
    await rm(workDir, { recursive: true, force: true });
  });

  const operations = () =>
    Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({ path, method, operation })),
    );

  it('passes redocly lint with the recommended rules: no error, no warning', async () => {
    const file = join(workDir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
    const result = await runCommand(
      process.execPath,
      [REDOCLY, 'lint', file, '--config', join(REPO_ROOT, 'redocly.yaml'), '--format', 'json'],
      {
        cwd: REPO_ROOT,
        env: { PATH: process.env.PATH, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        timeoutMs: 120_000,
      },
    );
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { ruleId: string; message: string; location: { pointer: string }[] }[];
    };
    const problems = report.problems.map(
      (problem) => `${problem.ruleId}: ${problem.location[0]?.pointer} ${problem.message}`,
    );
    expect(problems).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 150_000);

  it('names every operation systematically and says who may call it', () => {
    for (const { path, method, operation } of operations()) {
      const fastifyPath = path.replace(/\{(\w+)\}/g, ':$1');
      expect(operation.operationId, `${method} ${path}`).toBe(operationIdOf(method, fastifyPath));
      expect(operation.security, `${method} ${path}`).toBeDefined();
    }
    expect(document.paths['/api/notifications']?.get?.security).toEqual([{ sessionCookie: [] }, { apiKey: [] }]);
    expect(document.paths['/api/admin/settings']?.get?.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/operations']?.get?.security).toEqual([]);
    expect(document.paths['/metrics']?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(Object.keys(document.components.securitySchemes).sort()).toEqual([
      'apiKey',
      'metricsToken',
      'sessionCookie',
    ]);
    expect(document.servers).toEqual([expect.objectContaining({ url: t.config.publicUrl })]);
  });

  it('describes the upload routes’ multipart bodies, and leaves the pages out', () => {
    const uploads = operations().filter(({ operation }) => operation.requestBody?.content['multipart/form-data']);
    expect(uploads.map(({ method, path }) => `${method.toUpperCase()} ${path}`).sort()).toEqual([
      'POST /api/admin/operations/{id}/milestones/{step}',
      'POST /api/kyc/documents/{documentType}',
      'POST /api/offers',
      'POST /api/operations/{id}/disputes',
      'POST /api/operations/{id}/disputes/evidence',
      'POST /api/operations/{id}/documents/{kind}',
      'POST /api/orders/{id}/proof',
      // The deprecated path of POST /api/orders/{id}/proof (orders were participations).
      'POST /api/participations/{id}/proof',
      'POST /api/partner/operations/{id}/milestones/{step}',
      'PUT /api/offers/{id}',
    ]);
    for (const { operation } of uploads) {
      const properties = operation.requestBody!.content['multipart/form-data']!.schema.properties ?? {};
      expect(JSON.stringify(properties)).toContain('"format":"binary"');
    }
    for (const path of Object.keys(document.paths)) expect(path).toMatch(/^\/(api\/|metrics$)/);
  });
});
