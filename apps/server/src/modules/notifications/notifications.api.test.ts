import { ZListNotificationsResponse, encodeCursor } from '@tradeops/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { notifications, operations } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

const FEATURED_ID = demoOperationId(FEATURED_OPERATION_KEY);

describe('notifications', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  let pending: Record<string, string>;
  const ids: string[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signIn(t, 'comprador@tradeops.demo');
    pending = await signIn(t, 'pendiente@tradeops.demo');
    // Five for the buyer, a second apart (oldest first), one for someone else.
    for (let i = 0; i < 5; i += 1) {
      const [row] = await t.db
        .insert(notifications)
        .values({
          userId: demoUserId('comprador'),
          type: 'operation.approved',
          data: i === 4 ? { operationId: FEATURED_ID, operationTitle: 'Leche' } : { n: i },
          createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)),
        })
        .returning();
      ids.push(row!.id);
    }
    await t.db.insert(notifications).values({ userId: demoUserId('pendiente'), type: 'kyc.approved', data: {} });
  });
  afterAll(async () => {
    await t?.close();
  });

  const list = async (headers: Record<string, string>, query = '') => {
    const response = await t.app.inject({ method: 'GET', url: `/api/notifications${query}`, headers });
    expect(response.statusCode).toBe(200);
    return ZListNotificationsResponse.parse(response.json());
  };
  const unread = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/notifications/unread-count', headers })).json().unreadCount;

  it("lists the caller's own notifications, newest first, in pages", async () => {
    const first = await list(buyer, '?limit=2');
    expect(first.items.map((n) => n.id)).toEqual([ids[4], ids[3]]);
    expect(first.items[0]?.operationId).toBe(FEATURED_ID);
    expect(first.items[1]?.operationId).toBeNull();
    expect(first.unreadCount).toBe(5);
    expect(first.total).toBe(5);
    const second = await list(buyer, `?limit=2&cursor=${first.nextCursor}`);
    expect(second.items.map((n) => n.id)).toEqual([ids[2], ids[1]]);
    expect(second.total).toBe(5);
    const last = await list(buyer, `?limit=2&cursor=${second.nextCursor}`);
    expect(last.items.map((n) => n.id)).toEqual([ids[0]]);
    expect(last.nextCursor).toBeNull();
    // Every one exactly once across the pages, whatever the page size.
    const all = await readAllPages<{ id: string }>(t.app, '/api/notifications?limit=3', buyer);
    expect(all.items.map((n) => n.id)).toEqual([...ids].reverse());
    expect(all.total).toBe(5);
    expect((await list(pending)).items.map((n) => n.type)).toEqual(['kyc.approved']);
  });

  it("words an operation's title in the viewer's language, whatever it was written in", async () => {
    const [operation] = await t.db
      .select({ title: operations.title, titleEn: operations.titleEn })
      .from(operations)
      .where(eq(operations.id, FEATURED_ID));
    expect(operation?.titleEn).toBeTruthy();
    const titleIn = async (language: string) =>
      (await list({ ...buyer, 'accept-language': language }, '?limit=1')).items[0]?.data.operationTitle;
    expect(await titleIn('es')).toBe(operation!.title);
    expect(await titleIn('en')).toBe(operation!.titleEn);
    // Without an operation the data is as written.
    const [other] = (await list({ ...buyer, 'accept-language': 'en' }, '?limit=2')).items.slice(1);
    expect(other?.data).toEqual({ n: 3 });
  });

  it('rejects a bad page size or cursor, with the reason in the reader’s language', async () => {
    for (const query of [
      '?limit=0',
      '?limit=101',
      '?cursor=nope',
      `?cursor=${encodeCursor({ at: '2026-01-01T00:00:00Z', id: 'x' })}`,
    ]) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/api/notifications${query}`,
        headers: { ...buyer, 'accept-language': 'en' },
      });
      expect(response.statusCode, query).toBe(400);
      expect(response.json()).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
    }
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/notifications?cursor=nope',
      headers: { ...buyer, 'accept-language': 'en' },
    });
    expect(bad.json()).toMatchObject({
      error: { fields: { cursor: 'The page cursor is not valid: go back to the first page.' } },
    });
  });

  it('marks one read (once), refuses another user’s, then marks all read', async () => {
    expect(await unread(buyer)).toBe(5);
    const read = await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[4]}/read`, headers: buyer });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual({ unreadCount: 4 });
    const again = await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[4]}/read`, headers: buyer });
    expect(again.json()).toEqual({ unreadCount: 4 });
    const readAt = (await list(buyer)).items[0]?.readAt;
    expect(readAt).not.toBeNull();

    const foreign = await t.app.inject({ method: 'POST', url: `/api/notifications/${ids[3]}/read`, headers: pending });
    expect(foreign.statusCode).toBe(404);
    expect(await unread(buyer)).toBe(4);

    const all = await t.app.inject({ method: 'POST', url: '/api/notifications/read-all', headers: buyer });
    expect(all.json()).toEqual({ unreadCount: 0 });
    expect((await list(buyer)).items[0]?.readAt).toBe(readAt);
    expect(await unread(pending)).toBe(1);
  });

  it('refuses visitors', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/notifications' });
    expect(response.statusCode).toBe(401);
  });
});
