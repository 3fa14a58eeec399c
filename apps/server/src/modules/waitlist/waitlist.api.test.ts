import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOUR_MS, TERMS_VERSION } from '@tradeops/shared';
import { auditLog, notifications, orders, operationWaitlist } from '../../db/schema';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, getTonnage, placeOrder, requestOrder } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { expireDueOrders } from '../orders/order-release.service';
import { expireDueInvitations } from './waitlist-invitations.service';

describe('waitlist', () => {
  let t: TestApp;
  let buyers: ApprovedBuyer[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = await createApprovedBuyers(t, 5, 'line');
  });
  afterAll(async () => t.close());

  const join = (buyer: ApprovedBuyer, operationId: string, volume: unknown) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operations/${operationId}/waitlist`,
      headers: buyer.headers,
      payload: { volume },
    });
  const mine = async (buyer: ApprovedBuyer, operationId: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}/waitlist/mine`,
      headers: buyer.headers,
    });
    expect(response.statusCode).toBe(200);
    return response.json();
  };
  const claim = (buyer: ApprovedBuyer, operationId: string, key: string = randomUUID()) =>
    t.app.inject({
      method: 'POST',
      url: `/api/operations/${operationId}/waitlist/claim`,
      headers: buyer.headers,
      payload: { paymentMethod: 'cash', idempotencyKey: key, termsVersion: TERMS_VERSION },
    });
  const cancel = (buyer: ApprovedBuyer, orderId: string) =>
    t.app.inject({ method: 'POST', url: `/api/orders/${orderId}/cancel`, headers: buyer.headers });

  function expectInvariant(tonnage: Awaited<ReturnType<typeof getTonnage>>) {
    expect(tonnage.allocated).toBe(tonnage.orderTons + tonnage.invitedTons);
    expect(tonnage.allocated).toBeLessThanOrEqual(tonnage.total);
  }

  it('accepts buyers only when the operation is full, with the order volume rules, once each', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20, minVolume: 10, maxPerParticipantTons: 15 });
    const early = await join(buyers[0]!, operation.id, 10);
    expect(early.statusCode).toBe(409);
    expect(early.json().error.code).toBe('WAITLIST_NOT_FULL');

    await placeOrder(t.app, buyers[0]!.headers, operation.id, 10);
    await placeOrder(t.app, buyers[1]!.headers, operation.id, 10);
    expect((await join(buyers[2]!, operation.id, 7)).json().error.code).toBe('VOLUME_NOT_STEP');
    expect((await join(buyers[2]!, operation.id, 5)).json().error.code).toBe('VOLUME_BELOW_MIN');
    expect((await join(buyers[2]!, operation.id, 20)).json().error.code).toBe('VOLUME_ABOVE_MAX');
    expect((await join(buyers[2]!, operation.id, 'ten')).statusCode).toBe(400);
    // Buyer 0 holds 10 t of a 15 t cap: 5 t more is below the 10 t minimum.
    expect((await join(buyers[0]!, operation.id, 10)).json().error.code).toBe('PARTICIPANT_CAP_REACHED');

    const joined = await join(buyers[2]!, operation.id, 15);
    expect(joined.statusCode).toBe(201);
    expect(joined.json()).toMatchObject({ status: 'waiting', volume: 15, position: 1 });
    expect((await join(buyers[2]!, operation.id, 10)).json().error.code).toBe('WAITLIST_ALREADY_JOINED');
    expect((await join(buyers[3]!, operation.id, 10)).statusCode).toBe(201);
    expect(await mine(buyers[3]!, operation.id)).toMatchObject({
      entry: { position: 2, status: 'waiting' },
      lineLength: 2,
    });
    expect(await mine(buyers[4]!, operation.id)).toMatchObject({ entry: null, lineLength: 2, isFull: true });
    expect(await mine(buyers[0]!, operation.id)).toMatchObject({
      lotStepTons: 5,
      minVolumeTons: 10,
      maxVolumeTons: 5,
    });

    const left = await t.app.inject({
      method: 'DELETE',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: buyers[2]!.headers,
    });
    expect(left.statusCode).toBe(200);
    expect(await mine(buyers[3]!, operation.id)).toMatchObject({ entry: { position: 1 }, lineLength: 1 });
    const leftTwice = await t.app.inject({
      method: 'DELETE',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: buyers[2]!.headers,
    });
    expect(leftTwice.json().error.code).toBe('WAITLIST_NOT_JOINED');
  });

  it('invites the first in line to take freed tons, holds them, and turns a claim into an order', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 20 });
    const first = await placeOrder(t.app, buyers[0]!.headers, operation.id, 10);
    await placeOrder(t.app, buyers[1]!.headers, operation.id, 10);
    expect((await join(buyers[2]!, operation.id, 5)).statusCode).toBe(201);
    expect((await join(buyers[3]!, operation.id, 10)).statusCode).toBe(201);

    // Buyer 0 cancels 10 t: 5 t to buyer 2 (all they asked for), the other 5 t to buyer 3 (partly).
    expect((await cancel(buyers[0]!, first.id)).statusCode).toBe(200);
    const tonnage = await getTonnage(t.db, operation.id);
    expect(tonnage).toMatchObject({ allocated: 20, orderTons: 10, invitedTons: 10, status: 'active' });
    expectInvariant(tonnage);
    const invitation2 = (await mine(buyers[2]!, operation.id)).entry;
    expect(invitation2).toMatchObject({ status: 'invited', invitedTons: 5, position: null });
    expect(new Date(invitation2.invitationExpiresAt).getTime() - Date.now()).toBeGreaterThan(23 * HOUR_MS);
    expect((await mine(buyers[3]!, operation.id)).entry).toMatchObject({ status: 'invited', invitedTons: 5 });
    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyers[2]!.userId), eq(notifications.type, 'waitlist.invited')));
    expect(note?.data).toMatchObject({ operationId: operation.id, tons: 5 });

    // Nobody else can take the held tons.
    const outsider = await requestOrder(t.app, buyers[4]!.headers, operation.id, { volume: 5 });
    expect(outsider.statusCode).toBe(409);
    // No invitation, no claim.
    expect((await claim(buyers[4]!, operation.id)).json().error.code).toBe('WAITLIST_NO_INVITATION');

    const key = randomUUID();
    const claimed = await claim(buyers[2]!, operation.id, key);
    expect(claimed.statusCode, claimed.body).toBe(201);
    const { orderId } = claimed.json();
    const [created] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    expect(created).toMatchObject({
      userId: buyers[2]!.userId,
      volume: 5,
      paymentMethod: 'cash',
      status: 'active',
      paymentStatus: 'pending',
    });
    expect(created!.amountCents).toBe(5 * 100_000);
    // A replayed claim answers with the same order.
    const replay = await claim(buyers[2]!, operation.id, key);
    expect(replay.statusCode).toBe(201);
    expect(replay.json().orderId).toBe(orderId);
    expect((await mine(buyers[2]!, operation.id)).entry).toMatchObject({
      status: 'claimed',
      orderId,
    });
    const after = await getTonnage(t.db, operation.id);
    expect(after).toMatchObject({ allocated: 20, orderTons: 15, invitedTons: 5 });
    expectInvariant(after);
  });

  it('passes an unclaimed invitation to the next in line, then frees the tons when nobody is left', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 10 });
    const only = await placeOrder(t.app, buyers[0]!.headers, operation.id, 10);
    await join(buyers[1]!, operation.id, 10);
    await join(buyers[2]!, operation.id, 10);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, only.id));

    const now = Date.now();
    await expireDueOrders(t.db, t.app.jobs, new Date(now));
    expect((await mine(buyers[1]!, operation.id)).entry).toMatchObject({ status: 'invited', invitedTons: 10 });
    expect((await mine(buyers[2]!, operation.id)).entry).toMatchObject({ status: 'waiting', position: 1 });

    // Buyer 1 claims within the 24 h: an order like any other, with its own hold.
    const late = await claim(buyers[1]!, operation.id);
    expect(late.statusCode).toBe(201);
    const lateOrder = late.json().orderId as string;
    // Buyer 1 lets the new order lapse too: the tons go to buyer 2.
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(now - 1000) })
      .where(eq(orders.id, lateOrder));
    await expireDueOrders(t.db, t.app.jobs, new Date(now + 1000));
    expect((await mine(buyers[2]!, operation.id)).entry).toMatchObject({ status: 'invited', invitedTons: 10 });

    const afterDay = new Date(now + 25 * HOUR_MS);
    // (The sweep is global: invitations left by the other tests expire too.)
    expect(await expireDueInvitations(t.db, t.app.jobs, afterDay)).toBeGreaterThanOrEqual(1);
    expect((await mine(buyers[2]!, operation.id)).entry).toMatchObject({ status: 'passed' });
    const expiredClaim = await claim(buyers[2]!, operation.id);
    expect(expiredClaim.json().error.code).toBe('WAITLIST_NO_INVITATION');
    expect(
      (
        await t.db
          .select()
          .from(notifications)
          .where(
            and(eq(notifications.userId, buyers[2]!.userId), eq(notifications.type, 'waitlist.invitation_expired')),
          )
      ).length,
    ).toBe(1);
    const tonnage = await getTonnage(t.db, operation.id);
    expect(tonnage).toMatchObject({ allocated: 0, orderTons: 0, invitedTons: 0, status: 'active' });
    // Idempotent: a second pass (the delayed job arriving late) does nothing.
    expect(await expireDueInvitations(t.db, t.app.jobs, new Date(now + 26 * HOUR_MS))).toBe(0);
    const entryId = (await mine(buyers[2]!, operation.id)).entry.id as string;
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'waitlist.invitation_expired'), eq(auditLog.entityId, entryId)));
    expect(audits).toHaveLength(1);
  });

  it('refuses a claim once the invitation has expired, and the delayed job was queued with the invitation', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 5 });
    const only = await placeOrder(t.app, buyers[3]!.headers, operation.id, 5);
    await join(buyers[4]!, operation.id, 5);
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, only.id));
    await expireDueOrders(t.db, t.app.jobs, new Date());
    const [entry] = await t.db
      .select()
      .from(operationWaitlist)
      .where(and(eq(operationWaitlist.operationId, operation.id), eq(operationWaitlist.userId, buyers[4]!.userId)));
    expect(entry?.status).toBe('invited');
    const jobs = await t.database.db.execute(
      // The expiry job pg-boss will deliver at the invitation's end (queued in the same transaction).
      `select start_after from pgboss.job where name = 'waitlist.expire-invitation' and singleton_key = '${entry!.id}'` as never,
    );
    const rows = (jobs as unknown as { rows: { start_after: string }[] }).rows;
    expect(rows).toHaveLength(1);
    expect(Math.abs(new Date(rows[0]!.start_after).getTime() - entry!.invitationExpiresAt!.getTime())).toBeLessThan(
      1000,
    );

    await t.db
      .update(operationWaitlist)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(operationWaitlist.id, entry!.id));
    const response = await claim(buyers[4]!, operation.id);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.code).toBe('WAITLIST_INVITATION_EXPIRED');
    expectInvariant(await getTonnage(t.db, operation.id));
  });
});
