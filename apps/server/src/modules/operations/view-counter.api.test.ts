import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../db/schema';
import { createOpenOperation } from '../../test/deals';
import { lockWaiters } from '../../test/locks';
import { type TestApp, createTestApp } from '../../test/test-app';
import { ViewCounter } from './view-counter';

/**
 * Found by the CI soak: the views flush updated several operations in the scan's order while
 * order batches lock several in id order, and a buyer's cancel waiting on one of them was aborted
 * by PostgreSQL's deadlock detector (a 500). The flush now never waits for an operation's row lock.
 * PGlite runs one transaction at a time, so this runs on PostgreSQL only.
 */
describe.runIf(process.env.DATABASE_URL)('the views flush beside locked operations (PostgreSQL)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.close());

  it('writes the free operations at once and keeps a locked one’s views for the next flush', async () => {
    const locked = await createOpenOperation(t.db, { totalTons: 20 });
    const free = await createOpenOperation(t.db, { totalTons: 20 });
    const stored = async () =>
      new Map(
        (
          await t.db
            .select({ id: operations.id, views: operations.viewsCount })
            .from(operations)
            .where(inArray(operations.id, [locked.id, free.id]))
        ).map((row) => [row.id, row.views]),
      );
    const before = await stored();
    const views = new ViewCounter(t.db, t.app.log, 60_000);
    for (let i = 0; i < 3; i += 1) views.count(locked.id);
    for (let i = 0; i < 2; i += 1) views.count(free.id);

    // An order batch (or a cancel) holds the operation's row lock while the flush runs.
    await t.db.transaction(async (tx) => {
      await tx.select({ id: operations.id }).from(operations).where(eq(operations.id, locked.id)).for('update');
      let flushed = false;
      const flushing = views.flush().then(() => {
        flushed = true;
      });
      // Either the flush ends or it queues behind the lock: the old statement waited.
      await expect
        .poll(async () => flushed || (await lockWaiters(t.db)) > 0, { timeout: 10_000, interval: 20 })
        .toBe(true);
      expect(flushed).toBe(true);
      await flushing;
    });

    const after = await stored();
    expect(after.get(free.id)).toBe(before.get(free.id)! + 2);
    expect(after.get(locked.id)).toBe(before.get(locked.id));
    expect(views.pendingOf(locked.id)).toBe(3);
    expect(views.pendingOf(free.id)).toBe(0);

    // The lock released, the next flush writes what waited.
    await views.flush();
    expect((await stored()).get(locked.id)).toBe(before.get(locked.id)! + 3);
    expect(views.pendingOf(locked.id)).toBe(0);
    await views.close();
  });
});
