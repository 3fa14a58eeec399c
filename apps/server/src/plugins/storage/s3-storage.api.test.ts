import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { openDatabase } from '../../db/client';
import { userDocuments } from '../../db/schema';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { MILK_POWDER_SPEC } from '../../seed/demo-specs';
import { PDF_BYTES, PNG_BYTES, multipartBody } from '../../test/kyc-files';
import { type TestS3Server, startS3Server } from '../../test/s3-server';
import { type TestApp, createScratchDatabase, createTestApp, signIn, signUpCompany } from '../../test/test-app';
import { testConfig } from '../../test/test-config';
import { createS3Storage } from './s3-storage';

async function uploadDocument(
  app: FastifyInstance,
  headers: Record<string, string>,
  documentType: string,
  fileName: string,
  bytes: Buffer,
) {
  const body = multipartBody(fileName, bytes);
  const response = await app.inject({
    method: 'POST',
    url: `/api/kyc/documents/${documentType}`,
    headers: { ...headers, ...body.headers },
    payload: body.payload,
  });
  expect(response.statusCode, response.body).toBe(200);
  const [row] = await app.db
    .select()
    .from(userDocuments)
    .where(eq(userDocuments.id, (response.json() as { document: { id: string } }).document.id));
  return row!;
}

function downloadDocument(app: FastifyInstance, headers: Record<string, string>, documentId: string) {
  return app.inject({ method: 'GET', url: `/api/kyc/documents/${documentId}/file?download=1`, headers });
}

/** Files the disk driver would have written under a DATA_DIR. */
async function filesOnDisk(dataDir: string): Promise<string[]> {
  const entries = await readdir(join(dataDir, 'storage', 'documents'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

describe('STORAGE=s3: uploads and downloads through the API', () => {
  let s3: TestS3Server;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('keeps a KYC document in the bucket and serves it back; a replacement removes the old object', async () => {
    const bucket = createS3Storage(s3.options);
    const owner = await signUpCompany(t);
    const first = await uploadDocument(t.app, owner.headers, 'government_id', 'Cédula Ana.pdf', PDF_BYTES);
    expect(await bucket.stat('documents', first.storageKey!)).toEqual({
      contentType: 'application/pdf',
      fileName: 'Cédula Ana.pdf',
      size: PDF_BYTES.length,
    });
    expect(await filesOnDisk(t.dataDir)).toEqual([]);

    const download = await downloadDocument(t.app, owner.headers, first.id);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-length']).toBe(String(PDF_BYTES.length));
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="Cedula Ana.pdf"; filename*=UTF-8''C%C3%A9dula%20Ana.pdf`,
    );

    const second = await uploadDocument(t.app, owner.headers, 'government_id', 'id.png', PNG_BYTES);
    expect(second.storageKey).not.toBe(first.storageKey);
    expect(await bucket.exists('documents', first.storageKey!)).toBe(false);
    const replaced = await downloadDocument(t.app, owner.headers, second.id);
    expect(replaced.rawPayload.equals(PNG_BYTES)).toBe(true);
  });

  it('answers a document whose object is gone from the bucket as not found', async () => {
    const owner = await signUpCompany(t);
    const row = await uploadDocument(t.app, owner.headers, 'tax_certificate', 'rut.pdf', PDF_BYTES);
    await createS3Storage(s3.options).delete('documents', row.storageKey!);
    const response = await downloadDocument(t.app, owner.headers, row.id);
    expect(response.statusCode).toBe(404);
  });

  it("serves the seed's spec sheet from the bucket", async () => {
    const headers = await signIn(t, 'comprador@tradeops.demo');
    const spec = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${demoOperationId(FEATURED_OPERATION_KEY)}/spec`,
      headers,
    });
    expect(spec.statusCode).toBe(200);
    expect(spec.headers['content-type']).toBe('application/pdf');
    expect(spec.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await createS3Storage(s3.options).exists('specs', MILK_POWDER_SPEC.fileKey)).toBe(true);
  });
});

// PGlite is one process's database: two instances sharing one need PostgreSQL.
describe.runIf(process.env.DATABASE_URL)('two app instances on one PostgreSQL database and one S3 bucket', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it("serve each other's uploads", async () => {
    const s3 = await startS3Server();
    cleanups.push(() => s3.close());
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const start = async (seed: boolean) => {
      const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-s3-instance-'));
      const config = testConfig(dataDir, { ...s3.env, DATABASE_URL: scratch.url, SEED_DEMO: seed ? 'true' : 'false' });
      const database = await openDatabase({ databaseUrl: scratch.url, dataDir: null });
      const app = await buildApp(config, { database });
      cleanups.push(async () => {
        await app.close();
        await rm(dataDir, { recursive: true, force: true });
      });
      return { app, dataDir };
    };
    // One after the other: the first migrates and seeds the new database.
    const one = await start(true);
    const two = await start(false);

    const owner = await signUpCompany({ app: one.app, db: one.app.db });
    const fromOne = await uploadDocument(one.app, owner.headers, 'incorporation_cert', 'Acta.pdf', PDF_BYTES);
    const fromTwo = await uploadDocument(two.app, owner.headers, 'government_id', 'Cédula.png', PNG_BYTES);

    const readOnTwo = await downloadDocument(two.app, owner.headers, fromOne.id);
    expect(readOnTwo.statusCode).toBe(200);
    expect(readOnTwo.rawPayload.equals(PDF_BYTES)).toBe(true);
    const readOnOne = await downloadDocument(one.app, owner.headers, fromTwo.id);
    expect(readOnOne.statusCode).toBe(200);
    expect(readOnOne.rawPayload.equals(PNG_BYTES)).toBe(true);
    expect(readOnOne.headers['content-disposition']).toContain(`filename*=UTF-8''C%C3%A9dula.png`);

    // The first instance seeded the new database, its spec sheet included, through the S3 driver.
    expect(await createS3Storage(s3.options).exists('specs', MILK_POWDER_SPEC.fileKey)).toBe(true);
    // Neither kept a file of its own.
    expect(await filesOnDisk(one.dataDir)).toEqual([]);
    expect(await filesOnDisk(two.dataDir)).toEqual([]);
  });
});
