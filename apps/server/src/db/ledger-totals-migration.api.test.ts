import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, type Queryable, selectRows } from './client';
import { demoUserId } from '../seed/demo-accounts';

/**
 * A migration before the operations' maintained ledger totals (0031) whose operations the test can
 * still write with insertOperationBefore (the trade terms became required in 0027); 0026 to 0029 run
 * before 0031 on the same rows.
 */
const BEFORE_LEDGER_TOTALS = '0025_specification_en_and_review_titles';

type Totals = { deposited: number; released: number; fee: number; refunded: number };

/**
 * Migration 0031 on a database with a ledger written before it: operation_ledger_totals holds each
 * operation's deposited, released to the seller, fee and refunded sums of the entries already there,
 * and keeps up with the transfers written after it. On PGlite and PostgreSQL.
 */
describe('the operation ledger totals migration on a database with a ledger', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let operationId = '';
  const buyer = demoUserId('comprador');
  const seller = demoUserId('vendedor');

  /** A transfer with its entries, in the names of the schema at hand (orders since 0032, later than this test's 0031). */
  async function transfer(
    db: Queryable,
    kind: string,
    reference: string,
    entries: [string, number][],
    names: 'before-0032' | 'latest' = 'before-0032',
  ) {
    const insertTransfer =
      names === 'latest'
        ? sql`insert into ledger_transfers (kind, operation_id, order_id)
              select ${kind}, operation_id, id from orders where payment_reference = ${reference}
              returning id`
        : sql`insert into ledger_transfers (kind, operation_id, participation_id)
              select ${kind}, operation_id, id from operation_participants where payment_reference = ${reference}
              returning id`;
    await selectRows(
      db,
      sql`with t as (${insertTransfer})
          insert into ledger_entries (transfer_id, account, amount_cents)
          select t.id, e.account, e.amount from t,
            jsonb_to_recordset(${JSON.stringify(entries.map(([account, amount]) => ({ account, amount })))}::jsonb)
              as e(account text, amount bigint)`,
    );
  }

  async function totals(): Promise<Totals | undefined> {
    const [row] = await selectRows<Totals>(
      handle.db,
      sql`select deposited_cents::int as deposited, released_to_seller_cents::int as released,
                 platform_fee_cents::int as fee, refunded_cents::int as refunded
          from operation_ledger_totals where operation_id = ${operationId}`,
    );
    return row;
  }

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_LEDGER_TOTALS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    operationId = await insertOperationBefore(handle.db, { totalTons: 100, allocatedTons: 15 });
    for (const [reference, volume] of [
      ['OLD-1', 5],
      ['OLD-2', 10],
    ] as const) {
      await selectRows(
        handle.db,
        sql`insert into operation_participants (operation_id, user_id, volume, amount_cents, payment_method,
              payment_status, status, payment_reference)
            values (${operationId}, ${buyer}, ${volume}, ${volume * 100_000}, 'wire', 'confirmed', 'active', ${reference})`,
      );
    }
    const escrow = `escrow:${operationId}`;
    await handle.db.transaction(async (tx) => {
      await transfer(tx, 'deposit', 'OLD-1', [
        [`buyer:${buyer}`, -500_000],
        [escrow, 500_000],
      ]);
      await transfer(tx, 'deposit', 'OLD-2', [
        [`buyer:${buyer}`, -1_000_000],
        [escrow, 1_000_000],
      ]);
      // A partial refund: 100,000 back to the buyer, the rest to the seller less a 2% fee.
      await transfer(tx, 'release', 'OLD-1', [
        [escrow, -500_000],
        [`seller:${seller}`, 392_000],
        ['platform:revenue', 8_000],
        [`buyer:${buyer}`, 100_000],
      ]);
    });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('fills each operation’s totals from the ledger already there', async () => {
    expect(await totals()).toEqual({ deposited: 1_500_000, released: 392_000, fee: 8_000, refunded: 100_000 });
  });

  it('keeps them up with the transfers written after it', async () => {
    await handle.db.transaction((tx) =>
      transfer(
        tx,
        'refund',
        'OLD-2',
        [
          [`escrow:${operationId}`, -1_000_000],
          [`buyer:${buyer}`, 1_000_000],
        ],
        'latest',
      ),
    );
    expect(await totals()).toEqual({ deposited: 1_500_000, released: 392_000, fee: 8_000, refunded: 1_100_000 });
  });
});
