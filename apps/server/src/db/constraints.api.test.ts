import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escrowAccount, sellerAccount } from '../modules/escrow/ledger-accounts';
import { type TestApp, createTestApp } from '../test/test-app';
import { getPgErrorCode } from './errors';
import { ledgerEntries, ledgerTransfers, operations } from './schema';
import { demoUserId } from '../seed/demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId, demoOrderId } from '../seed/demo-operations';

const FEATURED = demoOperationId(FEATURED_OPERATION_KEY);
const ORDER = demoOrderId('featured-comprador');
const OTHER_ORDER = demoOrderId('featured-importadora-andina');

/** Resolves to the SQLSTATE the database refused the work with. */
async function refusal(work: Promise<unknown>): Promise<string | null> {
  try {
    await work;
  } catch (error) {
    return getPgErrorCode(error);
  }
  throw new Error('the database accepted what it should refuse');
}

describe('database rules', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  describe('operations', () => {
    it('refuses more allocated tons than the total', async () => {
      expect(await refusal(t.db.update(operations).set({ allocatedTons: 30 }).where(eq(operations.id, FEATURED)))).toBe(
        '23514',
      );
      expect(await refusal(t.db.update(operations).set({ allocatedTons: -5 }).where(eq(operations.id, FEATURED)))).toBe(
        '23514',
      );
      // Taking the last 15 tons is fine; one ton more is not, even as an atomic increment.
      await t.db
        .update(operations)
        .set({ allocatedTons: sql`${operations.allocatedTons} + 15` })
        .where(eq(operations.id, FEATURED));
      expect(
        await refusal(
          t.db
            .update(operations)
            .set({ allocatedTons: sql`${operations.allocatedTons} + 1` })
            .where(eq(operations.id, FEATURED)),
        ),
      ).toBe('23514');
      await t.db.update(operations).set({ allocatedTons: 10 }).where(eq(operations.id, FEATURED));
    });

    it('refuses a negative price, and any price below $1 a ton on a deal that has not ended', async () => {
      for (const cents of [-1, 0, 99]) {
        expect(
          await refusal(t.db.update(operations).set({ pricePerTonCents: cents }).where(eq(operations.id, FEATURED))),
          String(cents),
        ).toBe('23514');
      }
      const [cheapest] = await t.db
        .update(operations)
        .set({ pricePerTonCents: 100 })
        .where(eq(operations.id, FEATURED))
        .returning({ cents: operations.pricePerTonCents });
      expect(cheapest?.cents).toBe(100);
      await t.db.update(operations).set({ pricePerTonCents: 430_000 }).where(eq(operations.id, FEATURED));
    });

    it('refuses a minimum above the total and a per-participant cap below the minimum', async () => {
      expect(await refusal(t.db.update(operations).set({ minVolume: 30 }).where(eq(operations.id, FEATURED)))).toBe(
        '23514',
      );
      expect(
        await refusal(t.db.update(operations).set({ maxPerParticipantTons: 4 }).where(eq(operations.id, FEATURED))),
      ).toBe('23514');
    });

    it('derives the total price and allows a single featured deal', async () => {
      const [row] = await t.db.select().from(operations).where(eq(operations.id, FEATURED));
      expect(row?.totalPriceCents).toBe(25 * 430_000);
      expect(
        await refusal(
          t.db
            .update(operations)
            .set({ isFeatured: true })
            .where(eq(operations.id, demoOperationId('cocoa-liquor'))),
        ),
      ).toBe('23505');
    });
  });

  describe('escrow ledger', () => {
    const payOut = (kind: 'release' | 'refund', orderId: string) =>
      t.db.transaction(async (tx) => {
        const [transfer] = await tx
          .insert(ledgerTransfers)
          .values({ kind, operationId: FEATURED, orderId })
          .returning({ id: ledgerTransfers.id });
        const to = kind === 'release' ? sellerAccount(demoUserId('vendedor')) : `buyer:${demoUserId('comprador')}`;
        await tx.insert(ledgerEntries).values([
          { transferId: transfer!.id, account: escrowAccount(FEATURED), amountCents: -2_150_000 },
          { transferId: transfer!.id, account: to, amountCents: 2_150_000 },
        ]);
      });

    it('refuses at commit a transfer whose entries do not sum to zero', async () => {
      const code = await refusal(
        t.db.transaction(async (tx) => {
          const [transfer] = await tx
            .insert(ledgerTransfers)
            .values({ kind: 'adjustment', operationId: FEATURED, memo: 'unbalanced' })
            .returning({ id: ledgerTransfers.id });
          await tx.insert(ledgerEntries).values([
            { transferId: transfer!.id, account: escrowAccount(FEATURED), amountCents: 100 },
            { transferId: transfer!.id, account: sellerAccount(demoUserId('vendedor')), amountCents: -99 },
          ]);
        }),
      );
      expect(code).toBe('23514');
      const [left] = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.memo, 'unbalanced'));
      expect(left).toBeUndefined();
    });

    it('refuses a transfer with no entries, and a zero entry', async () => {
      expect(
        await refusal(
          t.db.insert(ledgerTransfers).values({ kind: 'adjustment', operationId: FEATURED, memo: 'empty' }),
        ),
      ).toBe('23514');
      expect(
        await refusal(
          t.db.transaction(async (tx) => {
            const [transfer] = await tx
              .insert(ledgerTransfers)
              .values({ kind: 'adjustment', operationId: FEATURED })
              .returning({ id: ledgerTransfers.id });
            await tx
              .insert(ledgerEntries)
              .values({ transferId: transfer!.id, account: escrowAccount(FEATURED), amountCents: 0 });
          }),
        ),
      ).toBe('23514');
    });

    it('accepts a balanced transfer', async () => {
      await payOut('release', ORDER);
      const rows = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.orderId, ORDER));
      expect(rows.map((row) => row.kind).sort()).toEqual(['deposit', 'release']);
    });

    it('never pays an order out twice', async () => {
      expect(await refusal(payOut('release', ORDER))).toBe('23505');
      expect(await refusal(payOut('refund', ORDER))).toBe('23505');
      // Another order can still be refunded once.
      await payOut('refund', OTHER_ORDER);
      expect(await refusal(payOut('refund', OTHER_ORDER))).toBe('23505');
    });

    it('refuses to change or delete entries and transfers', async () => {
      const [entry] = await t.db.select().from(ledgerEntries).limit(1);
      expect(
        await refusal(t.db.update(ledgerEntries).set({ amountCents: 1 }).where(eq(ledgerEntries.id, entry!.id))),
      ).toBe('23000');
      expect(await refusal(t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entry!.id)))).toBe('23000');
      expect(
        await refusal(
          t.db.update(ledgerTransfers).set({ memo: 'edited' }).where(eq(ledgerTransfers.id, entry!.transferId)),
        ),
      ).toBe('23000');
      expect(await refusal(t.db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, entry!.transferId)))).toBe(
        '23000',
      );
      expect(await refusal(t.db.execute(sql`truncate ledger_entries, ledger_transfers`))).toBe('23000');
    });
  });
});
