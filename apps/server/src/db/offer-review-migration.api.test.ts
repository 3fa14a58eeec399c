import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { adminOfferReview, operations, profiles } from './schema';
import { demoUserId } from '../seed/demo-accounts';

/**
 * A migration before the offer review and the English KYC statuses (0030), and before the operations'
 * trade terms (0027, which fills them in for the rows it finds): the rows are written in the first
 * migration's columns.
 */
const BEFORE_OFFER_REVIEW = '0026_indexes_balances_rollups';

/**
 * Migration 0030 on a database written before it (issue 26): an offer's review status and its reason
 * move from operations.kyc_status / kyc_reject_reason to review_status / review_rejection_reason, the
 * review queue's view is admin_offer_review, and a company's KYC status reads pending / approved /
 * rejected (pendiente / aprobado / rechazado before) with its reason in kyc_rejection_reason. Every row
 * keeps its data. On PGlite and PostgreSQL.
 */
describe('the offer review and English KYC status migration on a database with companies and offers', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  const ids = { approved: '', pending: '', rejected: '' };
  const rejectedCompany = demoUserId('importadora-andina');

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_OFFER_REVIEW);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    await selectRows(
      handle.db,
      sql`update profiles set kyc_status = 'rechazado', kyc_motivo_rechazo = 'La razón social no coincide'
          where id = ${rejectedCompany}`,
    );
    ids.approved = await insertOperationBefore(handle.db);
    ids.pending = await insertOperationBefore(handle.db, { status: 'pending', reviewStatus: 'pending' });
    ids.rejected = await insertOperationBefore(handle.db, { status: 'pending', reviewStatus: 'pending' });
    await selectRows(
      handle.db,
      sql`update operations set status = 'rejected', kyc_status = 'rejected', kyc_reject_reason = 'Falta la ficha'
          where id = ${ids.rejected}`,
    );
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("keeps each offer's review status and reason under their new names", async () => {
    const review = async (id: string) =>
      (
        await handle.db
          .select({ status: operations.reviewStatus, reason: operations.reviewRejectionReason })
          .from(operations)
          .where(eq(operations.id, id))
      )[0];
    expect(await review(ids.approved)).toEqual({ status: 'approved', reason: null });
    expect(await review(ids.pending)).toEqual({ status: 'pending', reason: null });
    expect(await review(ids.rejected)).toEqual({ status: 'rejected', reason: 'Falta la ficha' });
    const queue = await handle.db.select({ id: adminOfferReview.id }).from(adminOfferReview);
    expect(queue).toEqual([{ id: ids.pending }]);
  });

  it("turns every company's Spanish KYC status into English and keeps the rejection's reason", async () => {
    const rows = await handle.db
      .select({ id: profiles.id, status: profiles.kycStatus, reason: profiles.kycRejectionReason })
      .from(profiles);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(demoUserId('comprador'))).toMatchObject({ status: 'approved', reason: null });
    expect(byId.get(demoUserId('pendiente'))).toMatchObject({ status: 'pending', reason: null });
    expect(byId.get(rejectedCompany)).toMatchObject({ status: 'rejected', reason: 'La razón social no coincide' });
    expect(rows.every((row) => ['pending', 'approved', 'rejected'].includes(row.status))).toBe(true);
  });

  it('refuses the Spanish values from now on and starts a new company pending', async () => {
    await expect(
      selectRows(handle.db, sql`update profiles set kyc_status = 'aprobado' where id = ${demoUserId('pendiente')}`),
    ).rejects.toThrow();
    await expect(
      selectRows(handle.db, sql`update profiles set kyc_status = 'rejected' where id = ${demoUserId('pendiente')}`),
    ).rejects.toThrow();
    const [column] = await selectRows<{ value: string }>(
      handle.db,
      sql`select column_default as value from information_schema.columns
          where table_name = 'profiles' and column_name = 'kyc_status'`,
    );
    expect(column?.value).toMatch(/^'pending'/);
  });
});
