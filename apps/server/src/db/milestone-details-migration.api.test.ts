import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { createOpenOperation } from '../test/deals';
import { demoUserId } from '../seed/demo-accounts';
import { inspectionNetWeightKg } from '../modules/lifecycle/final-measurement.service';
import { type DatabaseHandle, selectRows } from './client';

/** The last migration before a step's stored details took the API's casing (0037). */
const BEFORE_CAMEL_CASE_DETAILS = '0036_api_versions';

/**
 * Migration 0037 (issue 26, one casing) on a database with steps recorded under the old keys: a departure's
 * `bl_number` becomes `blNumber`, an inspection's `net_weight_kg` becomes `netWeightKg`, the one-word keys
 * and their values stay, and steps without details are untouched. The server then reads the inspected
 * weight (the final measurement's input) from the migrated row, and no live page was told of a change (the
 * rename shows nothing new). On PGlite and PostgreSQL.
 */
describe('the milestone details casing migration', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let operationId = '';
  /** What the realtime channel carried while the migration ran, up to a marker sent after it. */
  const events: string[] = [];

  const detailsOf = async (kind: string) =>
    (
      await selectRows<{ details: unknown }>(
        handle.db,
        sql`select details from operation_milestones where operation_id = ${operationId} and kind = ${kind}`,
      )
    )[0]?.details;

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_CAMEL_CASE_DETAILS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    // 0037 changes no column: today's schema is the one the database has, so the test deal is written as tests write one.
    operationId = (await createOpenOperation(handle.db, { allocatedTons: 20, status: 'inspected' })).id;
    const departure = {
      bl_number: 'MEDU12345678',
      vessel: 'MSC Aurora',
      voyage: '041W',
      containers: ['MSCU1234565'],
    };
    const inspection = { net_weight_kg: 19_400, quality: 'Humedad: 11,5 %' };
    await handle.db.execute(sql`
      insert into operation_milestones (operation_id, kind, occurred_at, details, created_by)
      values (${operationId}, 'shipment_preparation', now() - interval '5 days', null, ${demoUserId('admin')}),
             (${operationId}, 'departure', now() - interval '4 days', ${JSON.stringify(departure)}::jsonb, ${demoUserId('admin')}),
             (${operationId}, 'eta_update', now() - interval '3 days', '{"eta":"2026-12-01"}'::jsonb, ${demoUserId('admin')}),
             (${operationId}, 'inspection', now() - interval '1 day', ${JSON.stringify(inspection)}::jsonb, ${demoUserId('admin')})`);
    const listener = await handle.listen('tradeops_events', (payload) => events.push(payload));
    await handle.migrate();
    // Notifications arrive in commit order: once the marker is here, whatever the migration sent is too.
    await handle.db.execute(sql`select pg_notify('tradeops_events', '{"kind":"marker"}')`);
    await vi.waitFor(() => expect(events).toContain('{"kind":"marker"}'), { timeout: 10_000 });
    await listener.stop();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('renames the departure’s and the inspection’s keys and keeps every value', async () => {
    expect(await detailsOf('departure')).toEqual({
      blNumber: 'MEDU12345678',
      vessel: 'MSC Aurora',
      voyage: '041W',
      containers: ['MSCU1234565'],
    });
    expect(await detailsOf('inspection')).toEqual({ netWeightKg: 19_400, quality: 'Humedad: 11,5 %' });
  });

  it('leaves steps without the old keys as they were', async () => {
    expect(await detailsOf('eta_update')).toEqual({ eta: '2026-12-01' });
    expect(await detailsOf('shipment_preparation')).toBeNull();
  });

  it('announces nothing to the live pages: the rename shows no change', () => {
    expect(events.filter((payload) => payload.includes(operationId))).toEqual([]);
  });

  it('lets the server read the inspected weight from the migrated step', async () => {
    expect(await handle.db.transaction((tx) => inspectionNetWeightKg(tx, operationId))).toBe(19_400);
  });
});
