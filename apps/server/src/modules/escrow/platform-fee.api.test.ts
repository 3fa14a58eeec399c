import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, platformSettings } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { fillOperation } from '../../test/lifecycle';
import { type TestApp, createTestApp } from '../../test/test-app';
import { payOutOrder } from './escrow.service';
import { getOperationLedger } from '../../test/ledger';
import { getHeldCents } from './read-escrow.service';

/** The platform's fee at release: taken from the seller's side of a payout, never from a refund. */
describe('platform fee on payouts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function entriesOf(operationKey: string, orderId: string) {
    const ledger = await getOperationLedger(t.db, demoOperationId(operationKey));
    const payout = ledger.find((transfer) => transfer.orderId === orderId && transfer.kind !== 'deposit');
    return {
      transfer: payout!,
      byAccount: Object.fromEntries(payout!.entries.map((entry) => [entry.account, entry.amountCents])),
      sum: payout!.entries.reduce((total, entry) => total + entry.amountCents, 0),
    };
  }

  it('takes 2 % of a release (the default) into platform:revenue, in the same transfer, summing to zero', async () => {
    const [first, second] = await fillOperation(t, 'cocoa-liquor');
    const held = await getHeldCents(t.db, first!);
    await t.db.transaction((tx) => payOutOrder(tx, first!, { refundCents: 0, actorId: null }));
    const { transfer, byAccount, sum } = await entriesOf('cocoa-liquor', first!);
    const fee = Math.floor(held * 0.02);
    expect(transfer.kind).toBe('release');
    expect(transfer.entries).toHaveLength(3);
    expect(byAccount).toEqual({
      [`escrow:${demoOperationId('cocoa-liquor')}`]: -held,
      [`seller:${demoUserId('vendedor')}`]: held - fee,
      'platform:revenue': fee,
    });
    expect(sum).toBe(0);
    // The rate used is on record beside the transfer, for the seller's statement.
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'escrow.platform_fee'), eq(auditLog.entityId, transfer.id)));
    expect(audit?.data).toMatchObject({ feeBps: 200, feeCents: fee, grossCents: held });

    // A partial refund: the fee is on what the seller is paid, not on the refund.
    const heldSecond = await getHeldCents(t.db, second!);
    const refund = 123_457;
    await t.db.transaction((tx) => payOutOrder(tx, second!, { refundCents: refund, actorId: null }));
    const split = await entriesOf('cocoa-liquor', second!);
    const splitFee = Math.floor(((heldSecond - refund) * 200) / 10_000);
    expect(split.transfer.entries).toHaveLength(4);
    expect(split.byAccount).toMatchObject({
      [`seller:${demoUserId('vendedor')}`]: heldSecond - refund - splitFee,
      'platform:revenue': splitFee,
      [`buyer:${demoUserId('importadora-andina')}`]: refund,
    });
    expect(split.sum).toBe(0);
  });

  it('takes no fee from a refund, and follows the setting (0 %, 1.5 %)', async () => {
    const [refunded, free] = await fillOperation(t, 'mozzarella');
    const held = await getHeldCents(t.db, refunded!);
    await t.db.transaction((tx) => payOutOrder(tx, refunded!, { refundCents: held, actorId: null }));
    const refund = await entriesOf('mozzarella', refunded!);
    expect(refund.transfer.kind).toBe('refund');
    expect(Object.keys(refund.byAccount)).not.toContain('platform:revenue');
    expect(refund.sum).toBe(0);

    await t.db
      .insert(platformSettings)
      .values({ key: 'platform_fee_bps', value: 0 })
      .onConflictDoUpdate({
        target: platformSettings.key,
        set: { value: 0 },
      });
    await t.db.transaction((tx) => payOutOrder(tx, free!, { refundCents: 0, actorId: null }));
    const release = await entriesOf('mozzarella', free!);
    expect(release.transfer.entries).toHaveLength(2);
    expect(Object.keys(release.byAccount)).not.toContain('platform:revenue');

    await t.db.update(platformSettings).set({ value: 150 }).where(eq(platformSettings.key, 'platform_fee_bps'));
    const [oneAndHalf] = await fillOperation(t, 'sunflower-oil');
    const heldThird = await getHeldCents(t.db, oneAndHalf!);
    await t.db.transaction((tx) => payOutOrder(tx, oneAndHalf!, { refundCents: 0, actorId: null }));
    const third = await entriesOf('sunflower-oil', oneAndHalf!);
    expect(third.byAccount['platform:revenue']).toBe(Math.floor((heldThird * 150) / 10_000));
    expect(third.sum).toBe(0);
  });
});
