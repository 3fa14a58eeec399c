import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import {
  DAY_MS,
  type KycStatus,
  type OperationReviewStatus,
  type OperationStatus,
  isPartnerRole,
} from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { type DatabaseHandle, type Queryable, openDatabase, selectRows } from '../db/client';
import { DEMO_ACCOUNTS, demoUserId } from '../seed/demo-accounts';
import { MIGRATIONS_DIR } from '../paths';
import { createScratchDatabase } from './scratch-database';

export interface DatabaseBefore {
  handle: DatabaseHandle;
  /** A scratch folder of the test's own (file storage, for instance), removed by `close`. */
  dir: string;
  close(): Promise<void>;
}

/**
 * A fresh database migrated up to `lastTag` and no further, as production met the migrations that
 * follow it: a scratch PostgreSQL database when DATABASE_URL is set, an embedded one otherwise.
 * The test writes its old-shaped rows, then runs `handle.migrate()` for the rest.
 */
export async function openDatabaseBefore(lastTag: string): Promise<DatabaseBefore> {
  const dir = await mkdtemp(join(tmpdir(), 'tradeops-migration-'));
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl ? await createScratchDatabase(serverUrl) : null;
  const handle = await openDatabase({ databaseUrl: scratch?.url ?? null, dataDir: null });

  // The migrations folder as it was then: the same files, the journal cut after `lastTag`.
  const olderFolder = join(dir, 'migrations');
  await cp(MIGRATIONS_DIR, olderFolder, { recursive: true });
  const journalPath = join(olderFolder, 'meta/_journal.json');
  const journal = JSON.parse(await readFile(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const last = journal.entries.findIndex((entry) => entry.tag === lastTag);
  if (last < 0) throw new Error(`No migration ${lastTag} in the journal`);
  journal.entries = journal.entries.slice(0, last + 1);
  await writeFile(journalPath, JSON.stringify(journal));
  const config = { migrationsFolder: olderFolder };
  if (handle.driver === 'pglite') await migratePglite(handle.db as never, config);
  else await migrateNodePg(handle.db as never, config);

  return {
    handle,
    dir,
    close: async () => {
      await handle.close();
      await scratch?.drop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * An operation of the demo seller (approved and open unless told otherwise: 20 t in lots of 5 at
 * $1,000/t, deadline in 10 days) written in SQL, naming only columns the first migration already
 * had: today's schema (what a Drizzle insert writes, every column) names columns that a database
 * migrated up to an older tag does not have yet (the offer review's status was `kyc_status` until 0030).
 * Answers the operation's id.
 */
export async function insertOperationBefore(
  db: Queryable,
  overrides: {
    totalTons?: number;
    allocatedTons?: number;
    pricePerTonCents?: number;
    status?: OperationStatus;
    reviewStatus?: OperationReviewStatus;
    specification?: string | null;
  } = {},
): Promise<string> {
  const {
    totalTons = 20,
    allocatedTons = 0,
    pricePerTonCents = 100_000,
    status = 'active',
    reviewStatus = 'approved',
    specification = null,
  } = overrides;
  const [row] = await selectRows<{ id: string }>(
    db,
    sql`insert into operations
          (title, title_en, product_name, product_category, type, origin_country, destination_country, total_tons,
           allocated_tons, lot_step_tons, min_volume, max_per_participant_tons, price_per_ton_cents, deadline,
           status, kyc_status, seller_id, specification)
        values ('Operación de prueba', 'Test operation', 'Leche en polvo', 'dairy', 'import', 'UY', 'VE',
           ${totalTons}, ${allocatedTons}, 5, 5, 20, ${pricePerTonCents}, ${new Date(Date.now() + 10 * DAY_MS)},
           ${status}, ${reviewStatus}, ${demoUserId('vendedor')}, ${specification})
        returning id`,
  );
  return row!.id;
}

/**
 * The demo companies (user and profile rows) in SQL, for a database migrated only part of the way:
 * today's schema names columns (admin rights through the mailbox, compliance, KYC renewal) that such a
 * database does not have yet. Only the columns of the first migration are written, and the KYC status in
 * the Spanish values stored until 0030 (pendiente, aprobado, rechazado), or in English for a database
 * migrated past it.
 */
const SPANISH_KYC_STATUS: Record<KycStatus, string> = {
  pending: 'pendiente',
  approved: 'aprobado',
  rejected: 'rechazado',
};

export async function insertDemoAccountsBefore(
  db: Queryable,
  kycValues: 'before-0030' | 'english' = 'before-0030',
): Promise<void> {
  for (const demo of DEMO_ACCOUNTS) {
    // The partner accounts' role and company type came with a later migration (0028).
    if (isPartnerRole(demo.role)) continue;
    const id = demoUserId(demo.key);
    await selectRows(
      db,
      sql`insert into "user" (id, name, email, email_verified) values (${id}, ${demo.fullName}, ${demo.email}, true)`,
    );
    await selectRows(
      db,
      sql`insert into profiles (id, full_name, company_name, company_type, country, tax_id, role, kyc_status, is_admin)
          values (${id}, ${demo.fullName}, ${demo.companyName}, ${demo.companyType}, ${demo.country}, ${demo.taxId},
                  ${demo.role}, ${kycValues === 'english' ? demo.kycStatus : SPANISH_KYC_STATUS[demo.kycStatus]}, ${demo.isAdmin})`,
    );
  }
}
