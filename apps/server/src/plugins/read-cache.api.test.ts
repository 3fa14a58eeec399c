import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../test/test-app';
import { READ_CACHE_MAX_ENTRIES } from './read-cache';

const LIST_URL = '/api/operations?status=active&limit=100';

describe('the public operations read cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends the cached answer gzipped to a client that accepts it, and as is to one that does not', async () => {
    const plain = await t.app.inject({ method: 'GET', url: LIST_URL });
    const zipped = await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-encoding': 'gzip, br' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(String(zipped.headers.vary)).toMatch(/Accept-Language.*Accept-Encoding/);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
    const refused = await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-encoding': 'gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
  });

  it('serves a repeated list from the cache, then the new figures once the database announces a change', async () => {
    const first = await t.app.inject({ method: 'GET', url: LIST_URL });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const target = (first.json() as { data: { id: string; availableTons: number; totalTons: number }[] }).data[0]!;
    expect(t.app.readCache.size).toBeGreaterThan(0);

    // A write that bypasses the cache's own path: the row changes, the answer only follows through NOTIFY.
    await t.db.execute(sql`update operations set allocated_tons = allocated_tons + 5 where id = ${target.id}`);
    await expect
      .poll(
        async () => {
          const again = await t.app.inject({ method: 'GET', url: LIST_URL });
          const rows = (again.json() as { data: { id: string; availableTons: number }[] }).data;
          return rows.find((item) => item.id === target.id)?.availableTons;
        },
        { timeout: 5_000, interval: 25 },
      )
      .toBe(target.availableTons - 5);
  });

  it('keeps one entry per language and query, and refuses a bad query before the cache', async () => {
    t.app.readCache.clear();
    await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-language': 'en' } });
    await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-language': 'es' } });
    await t.app.inject({ method: 'GET', url: '/api/operations/catalogue?sort=price' });
    expect(t.app.readCache.size).toBe(3);
    const english = await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-language': 'en' } });
    const spanish = await t.app.inject({ method: 'GET', url: LIST_URL, headers: { 'accept-language': 'es' } });
    expect(english.body).not.toBe(spanish.body);
    const bad = await t.app.inject({ method: 'GET', url: '/api/operations?limit=1000' });
    expect(bad.statusCode).toBe(400);
    expect(t.app.readCache.size).toBe(3);
  });

  it('holds at most READ_CACHE_MAX_ENTRIES answers and values: a flood of distinct keys evicts the least recently used', async () => {
    t.app.readCache.clear();
    const loads: string[] = [];
    const flood = READ_CACHE_MAX_ENTRIES + 200;
    for (let index = 0; index < flood; index += 1) {
      await t.app.readCache.memo(`flood:${index}`, async () => {
        loads.push(`flood:${index}`);
        return index;
      });
    }
    expect(loads).toHaveLength(flood);
    // The newest are kept (no second load), the oldest were evicted (loaded again).
    await t.app.readCache.memo(`flood:${flood - 1}`, async () => {
      loads.push('again:newest');
      return -1;
    });
    await t.app.readCache.memo('flood:0', async () => {
      loads.push('again:oldest');
      return -1;
    });
    expect(loads.slice(flood)).toEqual(['again:oldest']);

    for (let index = 0; index < READ_CACHE_MAX_ENTRIES + 20; index += 1) {
      await t.app.inject({ method: 'GET', url: `/api/operations/catalogue?q=flood${index}` });
    }
    expect(t.app.readCache.size).toBe(READ_CACHE_MAX_ENTRIES);
  });
});
