import { type PlatformStats } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, partners } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { demoPartnerId } from '../../seed/demo-partners';
import { type TestApp, createTestApp } from '../../test/test-app';

describe('GET /api/stats', () => {
  let t: TestApp;
  const stats = async () => (await t.app.inject({ method: 'GET', url: '/api/stats' })).json() as PlatformStats;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('reads the landing figures from the demo data: 19 operations, 4 countries, $1M a month, 19 partners', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/stats' });
    expect(response.statusCode).toBe(200);
    const body = response.json() as PlatformStats;
    expect(body.activeOperations).toBe(19);
    expect(body.countries).toBe(4);
    expect(body.monthlyVolumeUsd).toBeGreaterThanOrEqual(950_000);
    expect(body.monthlyVolumeUsd).toBeLessThanOrEqual(1_050_000);
    expect(body.partners).toBe(19);
  });

  it('follows the database: a closed operation and an inactive partner stop counting', async () => {
    const before = await stats();
    await t.db
      .update(operations)
      .set({ status: 'cancelled' })
      .where(eq(operations.id, demoOperationId('cocoa-liquor')));
    await t.db
      .update(partners)
      .set({ isActive: false })
      .where(eq(partners.id, demoPartnerId('cargoshield')));
    const after = await stats();
    expect(after.activeOperations).toBe(before.activeOperations - 1);
    expect(after.monthlyVolumeUsd).toBe(before.monthlyVolumeUsd - 180_000);
    expect(after.partners).toBe(before.partners - 1);
    await t.db
      .update(operations)
      .set({ status: 'active' })
      .where(eq(operations.id, demoOperationId('cocoa-liquor')));
    await t.db
      .update(partners)
      .set({ isActive: true })
      .where(eq(partners.id, demoPartnerId('cargoshield')));
  });

  it('counts in the monthly volume only operations opened in the last 30 days', async () => {
    const before = await stats();
    const longAgo = new Date(Date.now() - 40 * 24 * 3_600_000);
    await t.db
      .update(operations)
      .set({ approvedAt: longAgo, createdAt: longAgo })
      .where(eq(operations.id, demoOperationId('mandarins')));
    const after = await stats();
    expect(after.monthlyVolumeUsd).toBe(before.monthlyVolumeUsd - 12_000);
    expect(after.activeOperations).toBe(before.activeOperations);
  });
});
