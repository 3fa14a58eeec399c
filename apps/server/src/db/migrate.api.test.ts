import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '../paths';
import { createLocalDiskStorage } from '../plugins/storage/local-disk-storage';
import { createScratchDatabase } from '../test/test-app';
import { openDatabase, selectRows } from './client';
import { DEMO_OPERATIONS, DEMO_ORDERS } from '../seed/demo-operations';
import { DEMO_PARTNERS } from '../seed/demo-partners';
import { seedDemoData } from '../seed/seed-demo-data';

const serverUrl = process.env.DATABASE_URL;

// Several instances starting together is a PostgreSQL matter: PGlite is one process per folder.
describe.skipIf(!serverUrl)('start-up on PostgreSQL with several instances', () => {
  it('migrates and seeds once when four instances start at the same moment', async () => {
    const scratch = await createScratchDatabase(serverUrl ?? '');
    const dataDir = await mkdtemp(join(tmpdir(), 'tradeops-migrate-'));
    const handles = await Promise.all(
      Array.from({ length: 4 }, () => openDatabase({ databaseUrl: scratch.url, dataDir: null })),
    );
    try {
      await Promise.all(handles.map((handle) => handle.migrate()));
      const storage = createLocalDiskStorage(join(dataDir, 'storage'));
      await Promise.all(
        handles.map((handle) => handle.runExclusive((db) => seedDemoData(db, storage, { passwordHashing: 'test' }))),
      );
      const [counts] = await selectRows<{ migrations: number; partners: number; operations: number; entries: number }>(
        handles[0]!.db,
        sql`select
              (select count(*) from drizzle.__drizzle_migrations)::int as migrations,
              (select count(*) from partners)::int as partners,
              (select count(*) from operations)::int as operations,
              (select count(*) from ledger_entries)::int as entries`,
      );
      const journal = JSON.parse(await readFile(join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as {
        entries: unknown[];
      };
      expect(counts).toEqual({
        migrations: journal.entries.length,
        partners: DEMO_PARTNERS.length,
        operations: DEMO_OPERATIONS.length,
        // Two entries per confirmed deposit, written once.
        entries: DEMO_ORDERS.length * 2,
      });
    } finally {
      await Promise.all(handles.map((handle) => handle.close()));
      await scratch.drop();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
