import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  ledgerEntries,
  ledgerTransfers,
  notifications,
  orders,
  operationWaitlist,
  operations,
  profiles,
  screenings,
} from '../../db/schema';
import { type ApprovedBuyer, createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, getTonnage, placeOrder } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';
import { recordDeposit } from '../escrow/escrow.service';
import { getHeldCents } from '../escrow/read-escrow.service';
import { endOperationWithRefunds, expireDueOperations } from './operation-end.service';

describe('operation end: deadline expiry and cancellation refund every deposit once', () => {
  let t: TestApp;
  let buyers: ApprovedBuyer[];
  beforeAll(async () => {
    t = await createTestApp();
    buyers = await createApprovedBuyers(t, 4, 'end');
  });
  afterAll(async () => t.close());

  /** A confirmed payment, as the admin's verification records it: confirmed + the escrow deposit. */
  async function confirm(orderId: string) {
    await t.db.transaction(async (tx) => {
      await tx
        .update(orders)
        .set({ paymentStatus: 'confirmed', confirmedAt: new Date() })
        .where(eq(orders.id, orderId));
      await recordDeposit(tx, orderId, null);
    });
  }

  async function ledgerOf(operationId: string) {
    return t.db
      .select({
        kind: ledgerTransfers.kind,
        orderId: ledgerTransfers.orderId,
        account: ledgerEntries.account,
        amount: ledgerEntries.amountCents,
        transferId: ledgerTransfers.id,
      })
      .from(ledgerTransfers)
      .innerJoin(ledgerEntries, eq(ledgerEntries.transferId, ledgerTransfers.id))
      .where(eq(ledgerTransfers.operationId, operationId));
  }

  it('expires an unfilled operation at its deadline: orders end, deposits refunded once, people told', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 30, maxPerParticipantTons: 30 });
    const paid = (await placeOrder(t.app, buyers[0]!.headers, operation.id, 10)).id;
    const paidToo = (await placeOrder(t.app, buyers[1]!.headers, operation.id, 5)).id;
    const unpaid = (await placeOrder(t.app, buyers[2]!.headers, operation.id, 5)).id;
    await confirm(paid);
    await confirm(paidToo);
    const past = new Date(Date.now() - 60_000);
    await t.db.update(operations).set({ deadline: past }).where(eq(operations.id, operation.id));
    // A full operation past its deadline is not 'active' and is left alone.
    const full = await createOpenOperation(t.db, {
      totalTons: 5,
      deadline: past,
      status: 'allocated',
      allocatedTons: 0,
    });

    const now = new Date();
    expect(await expireDueOperations(t.db, t.app.jobs, now)).toBeGreaterThanOrEqual(1);
    const [row] = await t.db.select().from(operations).where(eq(operations.id, operation.id));
    expect(row).toMatchObject({ status: 'expired', allocatedTons: 0 });
    const [untouched] = await t.db.select().from(operations).where(eq(operations.id, full.id));
    expect(untouched?.status).toBe('allocated');

    const ended = await t.db.select().from(orders).where(eq(orders.operationId, operation.id));
    expect(ended.map((p) => [p.status, p.endedReason])).toEqual([
      ['expired', 'operation_expired'],
      ['expired', 'operation_expired'],
      ['expired', 'operation_expired'],
    ]);
    expect(await getHeldCents(t.db, paid)).toBe(0);
    expect(await getHeldCents(t.db, paidToo)).toBe(0);
    const ledger = await ledgerOf(operation.id);
    const sum = ledger.reduce((total, entry) => total + Number(entry.amount), 0);
    expect(sum).toBe(0);
    const refunds = new Set(ledger.filter((entry) => entry.kind === 'refund').map((entry) => entry.transferId));
    expect(refunds.size).toBe(2); // one per deposit, none for the unpaid order
    expect(ledger.some((entry) => entry.orderId === unpaid)).toBe(false);
    const buyerRefund = ledger.find(
      (entry) => entry.kind === 'refund' && entry.account === `buyer:${buyers[0]!.userId}`,
    );
    expect(Number(buyerRefund?.amount)).toBe(10 * 100_000);

    const [note] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyers[0]!.userId), eq(notifications.type, 'operation.expired')));
    expect(note?.data).toMatchObject({ operationId: operation.id, tons: 10, refundCents: 1_000_000 });
    expect(
      (
        await t.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, buyers[2]!.userId), eq(notifications.type, 'operation.expired')))
      ).length,
    ).toBe(1);
    const sellerNote = await t.db
      .select()
      .from(notifications)
      .where(eq(notifications.type, 'operation.expired_seller'));
    expect(sellerNote.some((n) => (n.data as { operationId: string }).operationId === operation.id)).toBe(true);

    // A second run changes nothing: no second refund, no second notice.
    expect(await expireDueOperations(t.db, t.app.jobs, new Date(now.getTime() + 60_000))).toBe(0);
    expect(
      await t.db.transaction((tx) =>
        endOperationWithRefunds(tx, operation.id, { status: 'expired', reason: 'again', actorId: null }),
      ),
    ).toBeNull();
    expect((await ledgerOf(operation.id)).length).toBe(ledger.length);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, operation.id), eq(auditLog.action, 'operation.expired')));
    expect(audits).toHaveLength(1);
    expect(audits[0]!.data).toMatchObject({
      endedOrders: 3,
      refundedOrders: 2,
      refundedCents: 1_500_000,
    });
  });

  it('cancels an operation with a reason (for the lifecycle): invitations and the line close, deposits refunded', async () => {
    const operation = await createOpenOperation(t.db, { totalTons: 10 });
    const paid = (await placeOrder(t.app, buyers[0]!.headers, operation.id, 5)).id;
    const other = (await placeOrder(t.app, buyers[1]!.headers, operation.id, 5)).id;
    await confirm(paid);
    await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: buyers[2]!.headers,
      payload: { volume: 5 },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: buyers[3]!.headers,
      payload: { volume: 5 },
    });
    await t.app.inject({ method: 'POST', url: `/api/orders/${other}/cancel`, headers: buyers[1]!.headers });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 10, orderTons: 5, invitedTons: 5 });

    const result = await t.db.transaction((tx) =>
      endOperationWithRefunds(tx, operation.id, { status: 'cancelled', reason: 'Proveedor sin cupo', actorId: null }),
    );
    expect(result).toMatchObject({
      endedOrders: 1,
      refundedOrders: 1,
      refundedCents: 500_000,
      closedWaitlistEntries: 2,
    });
    expect(await getTonnage(t.db, operation.id)).toMatchObject({
      allocated: 0,
      orderTons: 0,
      invitedTons: 0,
      status: 'cancelled',
    });
    const line = await t.db
      .select({ status: operationWaitlist.status })
      .from(operationWaitlist)
      .where(eq(operationWaitlist.operationId, operation.id));
    expect(line.map((entry) => entry.status)).toEqual(['left', 'left']);
    const [sum] = await t.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(eq(ledgerTransfers.operationId, operation.id));
    expect(Number(sum?.total)).toBe(0);
    const [ended] = await t.db.select().from(orders).where(eq(orders.id, paid));
    expect(ended).toMatchObject({ status: 'cancelled', endedReason: 'operation_cancelled' });
  });

  it('leaves a due deal with a party on compliance hold out of the sweep (no screening per pass), and expires it once cleared', async () => {
    const [held] = await createApprovedBuyers(t, 1, 'end-held');
    const operation = await createOpenOperation(t.db, { totalTons: 30, maxPerParticipantTons: 30 });
    const order = (await placeOrder(t.app, held!.headers, operation.id, 5)).id;
    await confirm(order);
    await t.db
      .update(operations)
      .set({ deadline: new Date(Date.now() - 60_000) })
      .where(eq(operations.id, operation.id));
    await t.db.update(profiles).set({ complianceStatus: 'review' }).where(eq(profiles.id, held!.userId));
    const screeningsOf = async () =>
      (await t.db.select({ id: screenings.id }).from(screenings).where(eq(screenings.profileId, held!.userId))).length;
    const before = await screeningsOf();

    for (let pass = 0; pass < 3; pass += 1) await expireDueOperations(t.db, t.app.jobs, new Date());
    expect(await screeningsOf()).toBe(before);
    expect((await getTonnage(t.db, operation.id)).status).toBe('active');
    expect(await getHeldCents(t.db, order)).toBe(5 * 100_000);

    await t.db.update(profiles).set({ complianceStatus: 'clear' }).where(eq(profiles.id, held!.userId));
    expect(await expireDueOperations(t.db, t.app.jobs, new Date())).toBeGreaterThanOrEqual(1);
    expect((await getTonnage(t.db, operation.id)).status).toBe('expired');
    expect(await getHeldCents(t.db, order)).toBe(0);
    expect(await screeningsOf()).toBe(before + 1);
  });
});
