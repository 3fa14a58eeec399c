import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig } from '../test/test-config';
import { openDatabase, selectRows } from '../db/client';
import { auditLog, notifications, orders, operationWaitlist } from '../db/schema';
import { expireDueOrders } from '../modules/orders/order-release.service';
import { createApprovedBuyers } from '../test/buyers';
import { createOpenOperation, getTonnage, placeOrder } from '../test/deals';
import { type TestApp, createScratchDatabase, createTestApp } from '../test/test-app';
import { DAILY_QUEUES, JOB_QUEUES, RETIRED_QUEUES, SWEEP_QUEUES } from './job-queue';

/** A job runs on the worker's next fetch: polled, up to the worker's slowest cycle on a busy machine. */
const JOB_POLL = { timeout: 30_000, interval: 200 };

describe('job workers (JOBS=on)', () => {
  let t: TestApp;
  afterAll(async () => t?.close());

  it('schedules the sweeps, and a worker runs the queued order sweep and the invitation expiry job', async () => {
    t = await createTestApp({ env: { JOBS: 'on' } });
    const schedules = await selectRows<{ name: string; cron: string }>(
      t.db,
      sql`select name, cron from pgboss.schedule`,
    );
    // The sweeps every minute; the daily work (sanctions lists' fetch, KYC renewal reminders) at its hour.
    const daily = new Map<string, string>(DAILY_QUEUES.map((queue) => [queue.name, queue.cron]));
    expect(schedules.map((row) => row.name).sort()).toEqual([...SWEEP_QUEUES, ...daily.keys()].sort());
    expect(schedules.every((row) => row.cron === (daily.get(row.name) ?? '* * * * *'))).toBe(true);

    const [buyer, waiting] = await createApprovedBuyers(t, 2, 'worker');
    const operation = await createOpenOperation(t.db, { totalTons: 10 });
    const { id } = await placeOrder(t.app, buyer!.headers, operation.id, 10);
    await t.app.inject({
      method: 'POST',
      url: `/api/operations/${operation.id}/waitlist`,
      headers: waiting!.headers,
      payload: { volume: 10 },
    });
    await t.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, id));

    await t.app.jobs.trigger(JOB_QUEUES.expireDueOrders);
    await expect
      .poll(async () => (await t.db.select().from(orders).where(eq(orders.id, id)))[0]?.status, JOB_POLL)
      .toBe('expired');
    const [entry] = await t.db.select().from(operationWaitlist).where(eq(operationWaitlist.operationId, operation.id));
    expect(entry).toMatchObject({ status: 'invited', invitedTons: 10 });

    // The invitation's own delayed job, delivered now (its time is moved into the past).
    await t.db
      .update(operationWaitlist)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(operationWaitlist.id, entry!.id));
    await t.app.jobs.trigger(JOB_QUEUES.expireInvitation, { entryId: entry!.id });
    await expect
      .poll(
        async () => (await t.db.select().from(operationWaitlist).where(eq(operationWaitlist.id, entry!.id)))[0]?.status,
        JOB_POLL,
      )
      .toBe('passed');
    expect(await getTonnage(t.db, operation.id)).toMatchObject({ allocated: 0, orderTons: 0, invitedTons: 0 });

    // Closing stops the workers fast and leaves nothing running.
    const closing = Date.now();
    await t.close();
    expect(Date.now() - closing).toBeLessThan(5_000);
  });
});

describe('a queue an earlier release used', () => {
  it('is deleted with its schedule when an instance with JOBS=on boots', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-retired-'));
    const scratch = process.env.DATABASE_URL ? await createScratchDatabase(process.env.DATABASE_URL) : null;
    const open = () =>
      openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: scratch ? null : join(dataDir, 'db') });
    const config = (jobs: 'on' | 'off') =>
      testConfig(dataDir, { SEED_DEMO: 'false', JOBS: jobs, ...(scratch ? { DATABASE_URL: scratch.url } : {}) });
    const [retired] = RETIRED_QUEUES;
    try {
      // An older release's database: its sweep's queue is there, scheduled every minute.
      const before = await buildApp(config('off'), { database: await open() });
      await before.db.execute(sql`select pgboss.create_queue(${retired}, '{"policy":"exclusive"}'::jsonb)`);
      await before.db.execute(sql`insert into pgboss.schedule (name, cron) values (${retired}, '* * * * *')`);
      await before.close();

      const after = await buildApp(config('on'), { database: await open(), jobPollingIntervalSeconds: 0.5 });
      const queues = await selectRows<{ name: string }>(after.db, sql`select name from pgboss.queue`);
      const schedules = await selectRows<{ name: string }>(after.db, sql`select name from pgboss.schedule`);
      await after.close();
      expect(queues.map((row) => row.name)).not.toContain(retired);
      expect(queues.map((row) => row.name)).toContain(JOB_QUEUES.expireDueOrders);
      expect(schedules.map((row) => row.name).sort()).toEqual(
        [...SWEEP_QUEUES, ...DAILY_QUEUES.map((queue) => queue.name)].sort(),
      );
    } finally {
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});

describe.runIf(process.env.DATABASE_URL)('two app instances on one PostgreSQL database', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  async function startInstance(url: string, seed: boolean) {
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-jobs-'));
    const config = testConfig(dataDir, { DATABASE_URL: url, SEED_DEMO: seed ? 'true' : 'false', JOBS: 'on' });
    const database = await openDatabase({ databaseUrl: url, dataDir: null });
    const app = await buildApp(config, { database, jobPollingIntervalSeconds: 0.5 });
    cleanups.push(async () => {
      await app.close();
      await rm(dataDir, { recursive: true, force: true });
    });
    return { app, db: database.db, config: app.config };
  }

  it('expires each due order exactly once while both instances sweep and run workers', async () => {
    const scratch = await createScratchDatabase(process.env.DATABASE_URL!);
    cleanups.push(() => scratch.drop());
    const [one, two] = await Promise.all([startInstance(scratch.url, true), startInstance(scratch.url, false)]);
    const buyers = await createApprovedBuyers(one as unknown as TestApp, 8, 'twin');
    const operations = [
      await createOpenOperation(one.db, { totalTons: 20 }),
      await createOpenOperation(one.db, { totalTons: 20 }),
    ];
    const orderIds: string[] = [];
    for (const [index, buyer] of buyers.entries()) {
      // Orders through either instance: 4 × 5 t in each operation.
      const instance = index % 2 === 0 ? one : two;
      orderIds.push((await placeOrder(instance.app, buyer.headers, operations[index % 2]!.id, 5)).id);
    }
    await one.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(orders.id, orderIds));

    // Both sweep at the same moment, directly and through each one's worker.
    const now = new Date();
    await Promise.all([
      one.app.jobs.trigger(JOB_QUEUES.expireDueOrders),
      two.app.jobs.trigger(JOB_QUEUES.expireDueOrders),
    ]);
    const [a, b] = await Promise.all([
      expireDueOrders(one.db, one.app.jobs, now),
      expireDueOrders(two.db, two.app.jobs, now),
    ]);
    await expect
      .poll(
        async () =>
          (
            await one.db
              .select()
              .from(orders)
              .where(and(inArray(orders.id, orderIds), eq(orders.status, 'active')))
          ).length,
        JOB_POLL,
      )
      .toBe(0);
    expect(a + b).toBeLessThanOrEqual(orderIds.length);

    const audits = await one.db
      .select({ entityId: auditLog.entityId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'order.expired'), inArray(auditLog.entityId, orderIds)));
    expect(audits).toHaveLength(orderIds.length);
    expect(new Set(audits.map((row) => row.entityId)).size).toBe(orderIds.length);
    const notes = await one.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.type, 'order.expired'),
          inArray(
            notifications.userId,
            buyers.map((buyer) => buyer.userId),
          ),
        ),
      );
    expect(notes).toHaveLength(orderIds.length);
    for (const operation of operations) {
      expect(await getTonnage(one.db, operation.id)).toMatchObject({ allocated: 0, orderTons: 0, status: 'active' });
    }
  });
});
