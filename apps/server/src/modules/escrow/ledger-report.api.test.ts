import { type LedgerResponse, type LedgerTransfer } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ledgerEntries, ledgerTransfers } from '../../db/schema';
import { demoOperationId } from '../../seed/demo-operations';
import { fillOperation } from '../../test/lifecycle';
import { selectRows } from '../../db/client';
import { readAllPages } from '../../test/pages';
import { type TestApp, createTestAppAsAdmin } from '../../test/test-app';
import { payOutOrder } from './escrow.service';

/*
 * Issue 23, item 4: the ledger page's summary hid refunds ("Depositado $69,000 · Pagado $69,000")
 * and named a partial refund's transfer a release. Each figure is now the sum of its entries,
 * and each transfer is named by what it is.
 */
describe('the operation ledger’s summary and transfer names', () => {
  let t: TestApp;
  let admin: Record<string, string>;

  beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
  afterAll(async () => t?.close());

  /** One sum over the operation's ledger rows, straight from the tables. */
  async function sumOfRows(operationId: string, accountPrefix: string, kind?: 'deposit' | 'payout'): Promise<number> {
    const [row] = await t.db
      .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amountCents}), 0)` })
      .from(ledgerEntries)
      .innerJoin(ledgerTransfers, eq(ledgerTransfers.id, ledgerEntries.transferId))
      .where(
        and(
          eq(ledgerTransfers.operationId, operationId),
          sql`${ledgerEntries.account} like ${`${accountPrefix}:%`}`,
          kind === 'deposit' ? eq(ledgerTransfers.kind, 'deposit') : undefined,
          kind === 'payout' ? sql`${ledgerTransfers.kind} <> 'deposit'` : undefined,
        ),
      );
    return Number(row!.total);
  }

  async function ledgerOf(operationId: string, language = 'es', query = ''): Promise<LedgerResponse> {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/operations/${operationId}/ledger${query}`,
      headers: { ...admin, 'accept-language': language },
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as LedgerResponse;
  }

  it('shows deposited, released to the seller, the fee, refunded and still held, each the sum of its rows', async () => {
    const operationId = demoOperationId('refined-sugar');
    const [partlyRefunded, stillHeld] = (await fillOperation(t, 'refined-sugar')) as [string, string];
    await t.db.transaction((tx) =>
      payOutOrder(tx, partlyRefunded, { refundCents: 500_000, actorId: null, memo: 'dispute_partial' }),
    );
    const ledger = await ledgerOf(operationId);

    const expected = {
      depositedCents: await sumOfRows(operationId, 'escrow', 'deposit'),
      releasedToSellerCents: await sumOfRows(operationId, 'seller'),
      platformFeeCents: await sumOfRows(operationId, 'platform'),
      refundedCents: await sumOfRows(operationId, 'buyer', 'payout'),
      heldCents: await sumOfRows(operationId, 'escrow'),
    };
    expect(ledger).toMatchObject(expected);
    // Two orders of 25 t at $620: $31,000 in; one pays back $5,000, the rest of it ($10,500) goes out less 2 %.
    expect(expected).toEqual({
      depositedCents: 3_100_000,
      releasedToSellerCents: 1_029_000,
      platformFeeCents: 21_000,
      refundedCents: 500_000,
      heldCents: 1_550_000,
    });
    expect(ledger.releasedToSellerCents + ledger.platformFeeCents + ledger.refundedCents + ledger.heldCents).toBe(
      ledger.depositedCents,
    );
    const split = ledger.items.find((transfer) => transfer.orderId === partlyRefunded && transfer.kind !== 'deposit');
    // Stored as a release (one payout per order), shown as what it is.
    expect(split).toMatchObject({ kind: 'release', nature: 'partial_refund' });
    expect(ledger.items.filter((transfer) => transfer.orderId === stillHeld).map((t) => t.nature)).toEqual(['deposit']);
  });

  it('names a release a release and a full refund a refund', async () => {
    const operationId = demoOperationId('cocoa-liquor');
    const [released, refunded] = (await fillOperation(t, 'cocoa-liquor')) as [string, string];
    await t.db.transaction(async (tx) => {
      await payOutOrder(tx, released, { refundCents: 0, actorId: null });
      await payOutOrder(tx, refunded, { refundCents: 9_000_000, actorId: null });
    });
    const ledger = await ledgerOf(operationId);
    const natureOf = (orderId: string) =>
      ledger.items.find((transfer) => transfer.orderId === orderId && transfer.kind !== 'deposit')?.nature;
    expect(natureOf(released)).toBe('release');
    expect(natureOf(refunded)).toBe('refund');
    expect(ledger).toMatchObject({
      depositedCents: 18_000_000,
      releasedToSellerCents: 8_820_000,
      platformFeeCents: 180_000,
      refundedCents: 9_000_000,
      heldCents: 0,
    });
  });

  it('pages the transfers oldest first, every page showing the whole ledger’s sums from the kept totals', async () => {
    const operationId = demoOperationId('soybeans');
    const [partlyRefunded] = (await fillOperation(t, 'soybeans')) as [string, string];
    await t.db.transaction((tx) =>
      payOutOrder(tx, partlyRefunded, { refundCents: 100_000, actorId: null, memo: 'dispute_partial' }),
    );
    const sums = {
      depositedCents: await sumOfRows(operationId, 'escrow', 'deposit'),
      releasedToSellerCents: await sumOfRows(operationId, 'seller'),
      platformFeeCents: await sumOfRows(operationId, 'platform'),
      refundedCents: await sumOfRows(operationId, 'buyer', 'payout'),
      heldCents: await sumOfRows(operationId, 'escrow'),
    };
    expect(sums.refundedCents).toBe(100_000);

    const first = await ledgerOf(operationId, 'es', '?limit=1');
    expect(first.items).toHaveLength(1);
    expect(first.total).toBe(3);
    expect(first).toMatchObject(sums);
    expect(first.nextCursor).not.toBeNull();
    const rest = await readAllPages<LedgerTransfer>(
      t.app,
      `/api/admin/operations/${operationId}/ledger?limit=1`,
      admin,
      first.nextCursor,
    );
    const transfers = [first.items[0]!, ...rest.items];
    expect(transfers.map((transfer) => transfer.nature)).toEqual(['deposit', 'deposit', 'partial_refund']);
    expect(new Set(transfers.map((transfer) => transfer.id)).size).toBe(3);
    expect(transfers.every((transfer) => transfer.sumCents === 0 && transfer.entries.length >= 2)).toBe(true);
    // The last page alone still shows the whole ledger's sums, not its own.
    const last = await ledgerOf(operationId, 'es', `?limit=1&cursor=${encodeURIComponent(first.nextCursor!)}`);
    expect(last).toMatchObject({ ...sums, total: 3 });
  });

  it('keeps every operation’s totals equal to the sums of its ledger rows', async () => {
    const mismatches = await selectRows<{ operation_id: string }>(
      t.db,
      sql`select coalesce(o.operation_id, l.operation_id) as operation_id
          from operation_ledger_totals o
          full join (
            select t.operation_id,
                   coalesce(sum(e.amount_cents) filter (where t.kind = 'deposit' and e.account like 'escrow:%'), 0) as deposited,
                   coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'seller:%'), 0) as released,
                   coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'platform:%'), 0) as fee,
                   coalesce(sum(e.amount_cents) filter (where t.kind <> 'deposit' and e.account like 'buyer:%'), 0) as refunded
            from ledger_entries e join ledger_transfers t on t.id = e.transfer_id group by t.operation_id
          ) l on l.operation_id = o.operation_id
          where coalesce(o.deposited_cents, 0) <> coalesce(l.deposited, 0)
             or coalesce(o.released_to_seller_cents, 0) <> coalesce(l.released, 0)
             or coalesce(o.platform_fee_cents, 0) <> coalesce(l.fee, 0)
             or coalesce(o.refunded_cents, 0) <> coalesce(l.refunded, 0)`,
    );
    expect(mismatches).toEqual([]);
    const [count] = await selectRows<{ n: number }>(t.db, sql`select count(*)::int as n from operation_ledger_totals`);
    expect(count!.n).toBeGreaterThan(0);
  });
});
