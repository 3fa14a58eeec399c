import { KYC_DOCUMENT_TYPE_LIST, type KycDocumentStatus } from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { demoUserId } from '../seed/demo-accounts';
import { type DatabaseHandle, selectRows } from './client';
import { profiles, user, userDocuments } from './schema';

/** The migration just before the KYC queue's maintained waiting times (0035); user_documents' columns are today's. */
const BEFORE_REVIEW_WAITS = '0034_allocation_chart_and_review_counts';

const T0 = new Date('2026-10-01T08:00:00.000Z');
const at = (hours: number) => new Date(T0.getTime() + hours * 3_600_000);

/**
 * Migration 0035 on a database with KYC documents: kyc_review_waits holds, per pending company, since
 * when its documents wait for a reviewer (its oldest upload not reviewed yet, else the last review once
 * all five are verified, else nothing), from the documents already there; then it follows every upload,
 * review and deletion and every change of the company's KYC status, equal each time to what the
 * documents and the status say. On PGlite and PostgreSQL.
 */
describe('the KYC review waits migration and trigger', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  const uploading = demoUserId('comprador');
  const verified = demoUserId('vendedor');
  const partly = demoUserId('pendiente');

  async function documents(userId: string, statuses: KycDocumentStatus[], hour: number) {
    await handle.db.insert(userDocuments).values(
      statuses.map((status, index) => ({
        userId,
        documentType: KYC_DOCUMENT_TYPE_LIST[index]!,
        status,
        storageKey: status === 'pending' ? null : `documents/${userId}/${index}`,
        uploadedAt: status === 'pending' ? null : at(hour + index),
        reviewedAt: status === 'verified' ? at(hour + 10 + index) : null,
      })),
    );
  }

  async function waits(): Promise<Record<string, string | null>> {
    const rows = await selectRows<{ user_id: string; since: string | null }>(
      handle.db,
      sql`select user_id, to_char(waiting_since at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI') as since
          from kyc_review_waits order by user_id`,
    );
    return Object.fromEntries(rows.map((row) => [row.user_id, row.since]));
  }

  /** What the documents say now, computed in TypeScript from the rows. */
  async function expected(): Promise<Record<string, string | null>> {
    const rows = await handle.db.select().from(userDocuments);
    const statuses = new Map(
      (await handle.db.select({ id: profiles.id, kycStatus: profiles.kycStatus }).from(profiles)).map((row) => [
        row.id,
        row.kycStatus,
      ]),
    );
    const result: Record<string, string | null> = {};
    for (const userId of [...new Set(rows.map((row) => row.userId))].sort()) {
      const own = rows.filter((row) => row.userId === userId);
      const uploaded = own.filter((row) => row.status === 'uploaded').map((row) => row.uploadedAt!.getTime());
      const allVerified = own.filter((row) => row.status === 'verified').length === KYC_DOCUMENT_TYPE_LIST.length;
      const since = uploaded.length
        ? Math.min(...uploaded)
        : allVerified
          ? Math.max(...own.map((row) => row.reviewedAt!.getTime()))
          : null;
      result[userId] =
        since === null || statuses.get(userId) !== 'pending' ? null : new Date(since).toISOString().slice(0, 16);
    }
    return result;
  }

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_REVIEW_WAITS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    // The three companies' KYC under review (the demo buyer and seller are approved).
    await handle.db.update(profiles).set({ kycStatus: 'pending' });
    await documents(uploading, ['verified', 'uploaded', 'uploaded', 'pending', 'pending'], 0);
    await documents(verified, ['verified', 'verified', 'verified', 'verified', 'verified'], 0);
    await documents(partly, ['verified', 'verified', 'pending', 'pending', 'pending'], 0);
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('starts from the documents already there', async () => {
    expect(await waits()).toEqual({
      [uploading]: '2026-10-01T09:00',
      [verified]: '2026-10-01T22:00',
      [partly]: null,
    });
    expect(await waits()).toEqual(await expected());
  });

  it('follows uploads, reviews and deletions', async () => {
    const type = (index: number) => KYC_DOCUMENT_TYPE_LIST[index]!;
    // The company with nothing waiting uploads a document: it waits from that upload.
    await handle.db
      .update(userDocuments)
      .set({ status: 'uploaded', storageKey: 'documents/x', uploadedAt: at(30) })
      .where(and(eq(userDocuments.userId, partly), eq(userDocuments.documentType, type(2))));
    // The oldest of two uploads is verified: the company waits from the other one.
    await handle.db
      .update(userDocuments)
      .set({ status: 'verified', reviewedAt: at(40) })
      .where(and(eq(userDocuments.userId, uploading), eq(userDocuments.documentType, type(1))));
    // One of five verified documents is deleted: nothing waits any more.
    await handle.db
      .delete(userDocuments)
      .where(and(eq(userDocuments.userId, verified), eq(userDocuments.documentType, type(4))));
    expect(await waits()).toEqual({
      [uploading]: '2026-10-01T10:00',
      [verified]: null,
      [partly]: '2026-10-02T14:00',
    });
    expect(await waits()).toEqual(await expected());
  });

  it('follows the company’s KYC status: approved, nothing waits; back to pending, it waits again', async () => {
    await handle.db.update(profiles).set({ kycStatus: 'approved' }).where(eq(profiles.id, uploading));
    expect((await waits())[uploading]).toBeNull();
    await handle.db.update(profiles).set({ kycStatus: 'pending' }).where(eq(profiles.id, uploading));
    expect((await waits())[uploading]).toBe('2026-10-01T10:00');
    expect(await waits()).toEqual(await expected());
  });

  it('lets a company be deleted with its documents', async () => {
    await handle.db.delete(user).where(eq(user.id, partly));
    expect(Object.keys(await waits())).not.toContain(partly);
  });
});
