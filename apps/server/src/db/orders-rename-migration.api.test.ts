import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { createOpenOperation } from '../test/deals';
import { type DatabaseHandle, selectRows } from './client';
import { getPlatformSettings } from '../modules/settings/settings.service';
import { demoUserId } from '../seed/demo-accounts';
import { disputes, ledgerTransfers, operationWaitlist, orders, platformSettings } from './schema';

/** The last migration before orders took their name (table operation_participants, participation_id). */
const BEFORE_ORDERS = '0031_operation_ledger_totals';

/**
 * Migration 0032 on a database written under the old names: the orders, their ledger transfers,
 * waitlist claims and disputes survive with their ids and links, the maintained totals stay right and
 * their triggers keep them after it, the realtime trigger announces an order, and the stored hold
 * setting keeps its value under the new key. On PGlite and PostgreSQL.
 */
describe('the orders rename migration on a database written as participations', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let operationId = '';
  const ids: Record<'paid' | 'unpaid', string> = { paid: '', unpaid: '' };
  let transferId = '';
  const buyer = demoUserId('comprador');

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_ORDERS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    // The operations table is the same before and after 0032: today's insert fits it.
    operationId = (await createOpenOperation(handle.db, { totalTons: 100, allocatedTons: 15 })).id;
    for (const [key, reference, volume, paymentStatus] of [
      ['paid', 'OLD-PAID', 5, 'confirmed'],
      ['unpaid', 'OLD-UNPAID', 10, 'pending'],
    ] as const) {
      const [row] = await selectRows<{ id: string }>(
        handle.db,
        sql`insert into operation_participants (operation_id, user_id, volume, amount_cents, payment_method,
              payment_status, status, payment_reference, created_at)
            values (${operationId}, ${buyer}, ${volume}, ${volume * 100_000}, 'wire', ${paymentStatus}, 'active',
              ${reference}, '2026-05-04T10:00:00Z')
            returning id`,
      );
      ids[key] = row!.id;
    }
    await handle.db.transaction(async (tx) => {
      const [transfer] = await selectRows<{ id: string }>(
        tx,
        sql`insert into ledger_transfers (kind, operation_id, participation_id)
            values ('deposit', ${operationId}, ${ids.paid}) returning id`,
      );
      transferId = transfer!.id;
      await selectRows(
        tx,
        sql`insert into ledger_entries (transfer_id, account, amount_cents)
            values (${transferId}, ${`buyer:${buyer}`}, -500000), (${transferId}, ${`escrow:${operationId}`}, 500000)`,
      );
    });
    await selectRows(
      handle.db,
      sql`insert into operation_waitlist (operation_id, user_id, volume, status, participation_id)
          values (${operationId}, ${buyer}, 10, 'claimed', ${ids.unpaid})`,
    );
    await selectRows(
      handle.db,
      sql`insert into disputes (operation_id, participation_id, opened_by, reason)
          values (${operationId}, ${ids.paid}, 'participant', 'Peso menor al acordado')`,
    );
    await selectRows(
      handle.db,
      sql`insert into platform_settings (key, value) values ('participation_hold_hours', '36'::jsonb)`,
    );
    await selectRows(
      handle.db,
      sql`insert into notifications (user_id, type, data)
          values (${buyer}, 'participation.created', ${JSON.stringify({ participationId: ids.unpaid, volume: 10 })}::jsonb)`,
    );
    await selectRows(
      handle.db,
      sql`insert into audit_log (action, entity_type, entity_id, actor_id)
          values ('participation.cancelled', 'participation', ${ids.unpaid}, ${buyer})`,
    );
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('keeps the orders and every link to them under the new names', async () => {
    const rows = await handle.db.select().from(orders).where(eq(orders.operationId, operationId));
    expect(rows.map((row) => [row.id, row.paymentReference, row.volume]).sort()).toEqual(
      [
        [ids.paid, 'OLD-PAID', 5],
        [ids.unpaid, 'OLD-UNPAID', 10],
      ].sort(),
    );
    const [transfer] = await handle.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, transferId));
    expect(transfer!.orderId).toBe(ids.paid);
    const [claim] = await handle.db
      .select()
      .from(operationWaitlist)
      .where(eq(operationWaitlist.operationId, operationId));
    expect(claim!.orderId).toBe(ids.unpaid);
    const [dispute] = await handle.db.select().from(disputes).where(eq(disputes.operationId, operationId));
    expect(dispute!.orderId).toBe(ids.paid);
    const old = await selectRows<{ name: string | null }>(
      handle.db,
      sql`select to_regclass('operation_participants')::text as name`,
    );
    expect(old).toEqual([{ name: null }]);
    const leftovers = await selectRows<{ name: string }>(
      handle.db,
      sql`select conname::text as name from pg_constraint where conname ~ 'participation|operation_participants'
          union all select indexname::text from pg_indexes where indexname ~ 'participation|operation_participants'
          union all select tgname::text from pg_trigger where tgname ~ 'participation|operation_participants'`,
    );
    expect(leftovers).toEqual([]);
  });

  it('names what was stored under the old word with the new one', async () => {
    const [note] = await selectRows<{ type: string; data: Record<string, unknown> }>(
      handle.db,
      sql`select type, data from notifications where user_id = ${buyer} and data ->> 'volume' = '10'`,
    );
    expect(note).toEqual({ type: 'order.created', data: { orderId: ids.unpaid, volume: 10 } });
    const audits = await selectRows<{ action: string; entity: string }>(
      handle.db,
      sql`select action, entity_type as entity from audit_log where entity_id = ${ids.unpaid}`,
    );
    expect(audits).toEqual([{ action: 'order.cancelled', entity: 'order' }]);
  });

  it('keeps the stored hold under its new key', async () => {
    const rows = await handle.db
      .select({ key: platformSettings.key, value: platformSettings.value })
      .from(platformSettings)
      .where(eq(platformSettings.key, 'order_hold_hours'));
    expect(rows).toEqual([{ key: 'order_hold_hours', value: 36 }]);
    expect((await getPlatformSettings(handle.db)).orderHoldHours).toBe(36);
  });

  it('keeps the balances and the monthly volume, and their triggers keep them after it', async () => {
    const volume = async () =>
      (
        await selectRows<{ tons: number }>(
          handle.db,
          sql`select coalesce(sum(tons), 0)::int as tons from order_volume_by_month where month = '2026-05-01'`,
        )
      )[0]!.tons;
    expect(await volume()).toBe(15);
    await handle.db
      .update(orders)
      .set({ status: 'cancelled' })
      .where(and(eq(orders.id, ids.unpaid), eq(orders.status, 'active')));
    expect(await volume()).toBe(5);
    await handle.db.insert(orders).values({
      operationId,
      userId: buyer,
      volume: 20,
      amountCents: 2_000_000,
      paymentMethod: 'wire',
      paymentReference: 'NEW-1',
      createdAt: new Date('2026-05-20T10:00:00Z'),
    });
    expect(await volume()).toBe(25);

    const [escrow] = await selectRows<{ balance: number }>(
      handle.db,
      sql`select balance_cents::int as balance from account_balances where account = ${`escrow:${operationId}`}`,
    );
    expect(escrow!.balance).toBe(500_000);
    await handle.db.transaction(async (tx) => {
      const [refund] = await tx
        .insert(ledgerTransfers)
        .values({ kind: 'refund', operationId, orderId: ids.paid })
        .returning({ id: ledgerTransfers.id });
      await selectRows(
        tx,
        sql`insert into ledger_entries (transfer_id, account, amount_cents)
            values (${refund!.id}, ${`escrow:${operationId}`}, -500000), (${refund!.id}, ${`buyer:${buyer}`}, 500000)`,
      );
    });
    const [after] = await selectRows<{ balance: number }>(
      handle.db,
      sql`select balance_cents::int as balance from account_balances where account = ${`escrow:${operationId}`}`,
    );
    expect(after!.balance).toBe(0);
  });

  it('announces a change to an order as an order', async () => {
    const source = await selectRows<{ body: string }>(
      handle.db,
      sql`select prosrc as body from pg_proc where proname = 'tradeops_notify_change'`,
    );
    expect(source[0]!.body).toContain(`TG_TABLE_NAME = 'orders'`);
    expect(source[0]!.body).toContain(`'kind', 'order'`);
    const triggers = await selectRows<{ name: string }>(
      handle.db,
      sql`select tgname::text as name from pg_trigger where tgrelid = 'orders'::regclass and not tgisinternal
          order by tgname`,
    );
    expect(triggers).toEqual([{ name: 'orders_notify' }, { name: 'orders_volume_by_month' }]);
  });
});
