import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { demoUserId } from '../seed/demo-accounts';

/** The last migration before the maintained balances and the monthly order volume. */
const BEFORE_MAINTAINED_TOTALS = '0025_specification_en_and_review_titles';

/**
 * Migration 0026 on a database with orders and ledger rows written before it: account_balances holds
 * each account's sum of entries and order_volume_by_month the live orders of each month, and both keep
 * up with what is written after it. On PGlite and PostgreSQL.
 */
describe('the maintained totals migration on a database with orders and a ledger', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let operationId = '';
  const buyer = demoUserId('comprador');

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_MAINTAINED_TOTALS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    operationId = await insertOperationBefore(handle.db, { totalTons: 100, allocatedTons: 15 });
    // Two live orders in different months (one paid and in escrow) and one cancelled.
    for (const [reference, volume, status, createdAt] of [
      ['OLD-1', 5, 'active', '2026-03-10T12:00:00Z'],
      ['OLD-2', 10, 'active', '2026-04-02T08:00:00Z'],
      ['OLD-3', 20, 'cancelled', '2026-04-03T08:00:00Z'],
    ] as const) {
      await selectRows(
        handle.db,
        sql`insert into operation_participants (operation_id, user_id, volume, amount_cents, payment_method,
              payment_status, status, payment_reference, created_at)
            values (${operationId}, ${buyer}, ${volume}, ${volume * 100_000}, 'wire',
              ${reference === 'OLD-1' ? 'confirmed' : 'pending'}, ${status}, ${reference}, ${createdAt})`,
      );
    }
    await handle.db.transaction(async (tx) => {
      const [transfer] = await selectRows<{ id: string }>(
        tx,
        sql`insert into ledger_transfers (kind, operation_id, participation_id)
            select 'deposit', operation_id, id from operation_participants where payment_reference = 'OLD-1'
            returning id`,
      );
      await selectRows(
        tx,
        sql`insert into ledger_entries (transfer_id, account, amount_cents)
            values (${transfer!.id}, ${`buyer:${buyer}`}, -500000), (${transfer!.id}, ${`escrow:${operationId}`}, 500000)`,
      );
    });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('fills the balances from the ledger and the monthly volume from the live orders', async () => {
    const balances = await selectRows<{ account: string; kind: string; balance: number }>(
      handle.db,
      sql`select account, kind, balance_cents::int as balance from account_balances order by account`,
    );
    expect(balances).toEqual([
      { account: `buyer:${buyer}`, kind: 'buyer', balance: -500_000 },
      { account: `escrow:${operationId}`, kind: 'escrow', balance: 500_000 },
    ]);
    const months = await selectRows<{ month: string; tons: number; cents: number }>(
      handle.db,
      sql`select to_char(month, 'YYYY-MM') as month, sum(tons)::int as tons, sum(cents)::int as cents
          from order_volume_by_month group by month order by month`,
    );
    expect(months).toEqual([
      { month: '2026-03', tons: 5, cents: 500_000 },
      { month: '2026-04', tons: 10, cents: 1_000_000 },
    ]);
  });

  it('keeps both up with what is written after it', async () => {
    await selectRows(handle.db, sql`update orders set status = 'cancelled' where payment_reference = 'OLD-2'`);
    const [april] = await selectRows<{ tons: number }>(
      handle.db,
      sql`select coalesce(sum(tons), 0)::int as tons from order_volume_by_month where month = '2026-04-01'`,
    );
    expect(april!.tons).toBe(0);
  });
});
