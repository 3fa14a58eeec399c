import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { demoUserId } from '../seed/demo-accounts';

/** The migration just before the maintained case counts (0033). */
const BEFORE_CASE_COUNTS = '0032_orders';

type Counts = Record<string, number>;

/**
 * Migration 0033 on a database with screening cases: compliance_case_counts starts from the cases
 * already there, then follows every case opened, decided or deleted (a company's deletion cascades),
 * always equal to a count over the cases; a rolled-back change moves nothing. On PGlite and PostgreSQL.
 */
describe('the compliance case counts migration and triggers', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;

  async function insertCases(profile: string, statuses: string[], from: number) {
    await selectRows(
      handle.db,
      sql`insert into compliance_cases (profile_id, subject, subject_name, subject_key, entry_key, entry,
            matched_name, score, status, decided_at, decision_reason)
          select ${profile}, 'company', 'Empresa ' || n, 'empresa ' || n, 'ofac_sdn:' || n, '{}'::jsonb,
                 'EMPRESA ' || n, 0.9, s.status,
                 case when s.status = 'open' then null else now() end,
                 case when s.status = 'open' then null else 'Homónimo: otra empresa.' end
          from jsonb_array_elements_text(${JSON.stringify(statuses)}::jsonb) with ordinality as s(status, n0),
            lateral (select ${from} + n0 as n) k`,
    );
  }

  async function maintained(): Promise<Counts> {
    const rows = await selectRows<{ status: string; cases: number }>(
      handle.db,
      sql`select status, cases::int as cases from compliance_case_counts where cases <> 0 order by status`,
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.cases]));
  }

  async function counted(): Promise<Counts> {
    const rows = await selectRows<{ status: string; cases: number }>(
      handle.db,
      sql`select status, count(*)::int as cases from compliance_cases group by status order by status`,
    );
    return Object.fromEntries(rows.map((row) => [row.status, row.cases]));
  }

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_CASE_COUNTS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    await insertCases(demoUserId('comprador'), ['open', 'open', 'open', 'cleared', 'confirmed'], 0);
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('starts from the cases already there', async () => {
    expect(await maintained()).toEqual({ open: 3, cleared: 1, confirmed: 1 });
  });

  it('follows cases opened, decided in one statement, and a rolled-back change moves nothing', async () => {
    await insertCases(demoUserId('vendedor'), ['open', 'open', 'cleared'], 100);
    expect(await maintained()).toEqual({ open: 5, cleared: 2, confirmed: 1 });
    await handle.db.execute(
      sql`update compliance_cases set status = 'cleared', decided_at = now(), decision_reason = 'Homónimo.'
          where status = 'open' and profile_id = ${demoUserId('vendedor')}`,
    );
    // An update that changes no status (a reason edited) moves nothing either.
    await handle.db.execute(sql`update compliance_cases set decision_reason = 'Revisado.' where status = 'confirmed'`);
    expect(await maintained()).toEqual({ open: 3, cleared: 4, confirmed: 1 });
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`update compliance_cases set status = 'open', decided_at = null, decision_reason = null`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await maintained()).toEqual(await counted());
  });

  it('follows a company’s deletion, its cases cascading', async () => {
    await handle.db.execute(sql`delete from compliance_cases where profile_id = ${demoUserId('vendedor')}`);
    expect(await maintained()).toEqual({ open: 3, cleared: 1, confirmed: 1 });
    expect(await maintained()).toEqual(await counted());
  });
});
