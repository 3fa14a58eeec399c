import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestS3Server, startS3Server } from '../../test/s3-server';
import { type TestApp, createTestApp } from '../../test/test-app';

describe('GET /api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers ok when the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('GET /api/health/live and /api/health/ready', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('answers live without checking anything', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers ready with each check (job workers off in tests)', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', realtime: 'ok', jobs: 'off', storage: 'off' },
    });
  });
});

describe('GET /api/health/ready with job workers running', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { JOBS: 'on' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('reports the workers started', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', realtime: 'ok', jobs: 'ok', storage: 'off' },
    });
  });
});

describe('GET /api/health/ready when the database is gone', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    // The database goes away under the running app, as a crashed database server would: the embedded
    // one stops, or the PostgreSQL pool ends (this test runs on both).
    await t.database.close();
  });
  afterAll(async () => {
    // Closing the app closes a database that is closed already: only the files are left to remove.
    await t.close().catch(() => rm(t.dataDir, { recursive: true, force: true }));
  });

  it('answers 503 naming the database, while live still answers 200', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({ status: 'unavailable', checks: { database: 'failed' } });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});

describe('GET /api/health/ready with STORAGE=s3', () => {
  let s3: TestS3Server;
  let isS3Running = false;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startS3Server();
    isS3Running = true;
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => {
    await t?.close();
    if (isS3Running) await s3.close();
  });

  it('checks the bucket, and answers 503 naming storage once the S3 service is gone', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({
      status: 'ok',
      checks: { database: 'ok', realtime: 'ok', jobs: 'off', storage: 'ok' },
    });

    await s3.close();
    isS3Running = false;
    const unreachable = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(unreachable.statusCode).toBe(503);
    expect(unreachable.json()).toEqual({
      status: 'unavailable',
      checks: { database: 'ok', realtime: 'ok', jobs: 'off', storage: 'failed' },
    });
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
  });
});
