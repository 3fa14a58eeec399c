import { randomUUID } from 'node:crypto';
import { TERMS_VERSION } from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { legacyPath } from '../../plugins/legacy-paths';

describe('the paths orders had as participations', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('maps only the paths that named participations', () => {
    expect(legacyPath('/orders/:id/cancel')).toBe('/participations/:id/cancel');
    expect(legacyPath('/operations/:id/orders')).toBe('/operations/:id/participations');
    expect(legacyPath('/operations/:id/order-form')).toBe('/operations/:id/participation-form');
    expect(legacyPath('/admin/payments')).toBeNull();
    expect(legacyPath('/operations/:id/orders-total')).toBeNull();
    expect(legacyPath('/operations/:id/room')).toBe('/operations/:id/deal-room');
    expect(legacyPath('/operations/:id/room/notifications')).toBe('/operations/:id/deal-room/notifications');
    expect(legacyPath('/operations/:id/room-plan')).toBeNull();
  });

  it('still answer: an order placed, read and cancelled through the old paths', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'legacy');
    const headers = buyer!.headers;
    const operation = await createOpenOperation(t.db);

    const form = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operation.id}/participation-form`,
      headers,
    });
    expect(form.statusCode, form.body).toBe(200);

    const placed = await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/participations`,
      headers,
      payload: { volume: 5, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const { order } = placed.json() as { order: { id: string } };

    const [old, current] = await Promise.all(
      [`/api/participations/${order.id}`, `/api/orders/${order.id}`].map((url) =>
        t.app.inject({ method: 'GET', url, headers }),
      ),
    );
    expect(old!.statusCode).toBe(200);
    expect(old!.json()).toEqual(current!.json());
    const mine = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operation.id}/participations/mine`,
      headers,
    });
    expect(mine.json()).toMatchObject({ order: { id: order.id } });
    const statement = await t.app.inject({ method: 'GET', url: `/api/participations/${order.id}/statement`, headers });
    expect(statement.statusCode, statement.body).toBe(200);

    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/participations/${order.id}/cancel`,
      headers,
      payload: {},
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: `/api/orders/${order.id}`, headers });
    expect(after.json()).toMatchObject({ order: { status: 'cancelled' } });
  });

  it('are marked deprecated in the OpenAPI document, and the new ones are not', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    const paths = (response.json() as { paths: Record<string, Record<string, { deprecated?: boolean }>> }).paths;
    expect(paths['/api/participations/{id}']?.get?.deprecated).toBe(true);
    expect(paths['/api/operations/{id}/participations']?.post?.deprecated).toBe(true);
    expect(paths['/api/participations/{id}/statement.pdf']?.get?.deprecated).toBe(true);
    expect(paths['/api/orders/{id}']?.get?.deprecated).toBeUndefined();
    expect(paths['/api/operations/{id}/orders']?.post?.deprecated).toBeUndefined();
  });
});
