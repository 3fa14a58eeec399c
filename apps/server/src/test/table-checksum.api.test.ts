import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from './test-app';
import { changedTables, checksumTables, countWrites, listBusinessTables } from './table-checksum';

/** The route fuzzer skips a checksum when countWrites says nothing was written: it must never miss a write. */
describe('countWrites', () => {
  let t: TestApp;
  let tables: string[];
  let writes: () => Promise<string>;
  beforeAll(async () => {
    t = await createTestApp();
    tables = await listBusinessTables(t.db);
    writes = await countWrites(t.db, tables);
  });
  afterAll(async () => t?.close());

  it('stays put over reads and moves on every write statement, an undone one included', async () => {
    const start = await writes();
    const before = await checksumTables(t.db, tables);
    await t.db.execute(sql`select count(*) from operations`);
    expect(await writes()).toBe(start);

    await t.db.execute(sql`update platform_settings set updated_at = updated_at`);
    const afterUpdate = await writes();
    expect(afterUpdate).not.toBe(start);
    expect(changedTables(before, await checksumTables(t.db, tables))).toEqual([]);

    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from contact_messages`);
        throw new Error('undone');
      })
      .catch(() => undefined);
    expect(await writes()).not.toBe(afterUpdate);
    expect(changedTables(before, await checksumTables(t.db, tables))).toEqual([]);
  });
});
