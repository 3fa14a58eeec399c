import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../../db/client';
import { demoOrderId } from '../../seed/demo-operations';
import { type TestApp, createTestApp } from '../../test/test-app';
import { getAdminDashboard } from '../dashboards/dashboards.service';
import { payOutOrder } from './escrow.service';
import { getEscrowHeldCents } from './read-escrow.service';

/**
 * The back office's money totals come from account_balances and order_volume_by_month, kept by
 * triggers in the transactions that write ledger entries and orders: after the demo seed and after
 * payouts and a cancelled order they still equal the sums of the rows they summarise.
 */
describe('balances and the monthly volume kept with the ledger and the orders', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  async function expectBalancesEqualLedger() {
    const mismatches = await selectRows<{ account: string }>(
      t.db,
      sql`select coalesce(b.account, l.account) as account from account_balances b
          full join (select account, sum(amount_cents) as total from ledger_entries group by account) l
            on l.account = b.account
          where coalesce(b.balance_cents, 0) <> coalesce(l.total, 0)`,
    );
    expect(mismatches).toEqual([]);
    const [escrow] = await selectRows<{ held: string }>(
      t.db,
      sql`select coalesce(sum(amount_cents), 0) as held from ledger_entries where account like 'escrow:%'`,
    );
    expect(await getEscrowHeldCents(t.db)).toBe(Number(escrow!.held));
  }

  async function expectVolumeEqualsLiveOrders() {
    const now = new Date();
    const dashboard = await getAdminDashboard(t.db, t.app.log, 'es', now);
    const rows = await selectRows<{ month: string; tons: number; cents: number }>(
      t.db,
      sql`select to_char(date_trunc('month', created_at at time zone 'UTC'), 'YYYY-MM') as month,
                 sum(volume)::int as tons, sum(amount_cents)::float8 as cents
          from orders where status = 'active' group by 1`,
    );
    const byMonth = new Map(rows.map((row) => [row.month, row]));
    for (const month of dashboard.volumeByMonth) {
      expect(month).toEqual({
        month: month.month,
        tons: byMonth.get(month.month)?.tons ?? 0,
        cents: byMonth.get(month.month)?.cents ?? 0,
      });
    }
    expect(dashboard.volumeByMonth.some((month) => month.tons > 0)).toBe(true);
  }

  it('match the ledger and the orders after the demo seed', async () => {
    await expectBalancesEqualLedger();
    await expectVolumeEqualsLiveOrders();
  });

  it('move with payouts (release, partial refund) in the same transaction', async () => {
    const before = await getEscrowHeldCents(t.db);
    await t.db.transaction((tx) =>
      payOutOrder(tx, demoOrderId('featured-comprador'), { refundCents: 150_000, actorId: null }),
    );
    await t.db.transaction((tx) =>
      payOutOrder(tx, demoOrderId('featured-importadora-andina'), { refundCents: 0, actorId: null }),
    );
    expect(await getEscrowHeldCents(t.db)).toBeLessThan(before);
    await expectBalancesEqualLedger();
  });

  it('leave nothing behind when the payout rolls back', async () => {
    const before = await getEscrowHeldCents(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        await payOutOrder(tx, demoOrderId('featured-importadora-andina'), {
          refundCents: 0,
          actorId: null,
        });
      }),
    ).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await getEscrowHeldCents(t.db)).toBe(before);
    await expectBalancesEqualLedger();
  });

  it('drop an order from its month when it stops being live', async () => {
    await selectRows(
      t.db,
      sql`update orders set status = 'cancelled', ended_reason = 'cancelled_by_buyer', ended_at = now()
          where id = (select id from orders where status = 'active' order by created_at desc limit 1)`,
    );
    await expectVolumeEqualsLiveOrders();
  });
});
