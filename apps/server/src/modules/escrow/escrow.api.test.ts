import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import { demoOrderId } from '../../seed/demo-operations';
import { type TestApp, createTestApp } from '../../test/test-app';
import { payOutOrder } from './escrow.service';
import { getOperationLedger } from '../../test/ledger';
import { getEscrowStates, getHeldCents } from './read-escrow.service';

describe('escrow ledger service', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const comprador = demoOrderId('featured-comprador');
  const andina = demoOrderId('featured-importadora-andina');

  it('holds a confirmed deposit in escrow', async () => {
    expect(await getHeldCents(t.db, comprador)).toBe(5 * 430_000);
    const states = await getEscrowStates(t.db, [comprador]);
    expect(states.get(comprador)).toMatchObject({ state: 'held', heldCents: 2_150_000 });
  });

  it('splits a partial refund in one payout, and refuses a second payout', async () => {
    await t.db.transaction((tx) => payOutOrder(tx, comprador, { refundCents: 150_000, actorId: null }));
    const states = await getEscrowStates(t.db, [comprador]);
    expect(states.get(comprador)).toMatchObject({
      state: 'split',
      heldCents: 0,
      refundedCents: 150_000,
      releasedCents: 2_000_000,
    });
    await expect(
      t.db.transaction((tx) => payOutOrder(tx, comprador, { refundCents: 0, actorId: null })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  it('lets only one of two simultaneous payouts through', async () => {
    const results = await Promise.allSettled([
      t.db.transaction((tx) => payOutOrder(tx, andina, { refundCents: 0, actorId: null })),
      t.db.transaction((tx) => payOutOrder(tx, andina, { refundCents: 0, actorId: null })),
    ]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const ledger = await getOperationLedger(t.db, (await getOperationOf(andina))!);
    for (const transfer of ledger) {
      expect(transfer.entries.reduce((sum, entry) => sum + entry.amountCents, 0)).toBe(0);
    }
  });

  it('refuses a refund above what is held', async () => {
    await expect(
      t.db.transaction((tx) => payOutOrder(tx, andina, { refundCents: 1, actorId: null })),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
  });

  async function getOperationOf(orderId: string): Promise<string | undefined> {
    const [row] = await t.db.select({ operationId: orders.operationId }).from(orders).where(eq(orders.id, orderId));
    return row?.operationId;
  }
});
