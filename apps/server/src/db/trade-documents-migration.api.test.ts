import { TRADE_DOCUMENT_KINDS } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { operationDocuments } from './schema';
import { demoUserId } from '../seed/demo-accounts';

/** The last migration before deals had a document checklist. */
const BEFORE_TRADE_DOCUMENTS = '0025_specification_en_and_review_titles';

/**
 * Migration 0028 (decision 022) on a database with a deal already at sea and one still funded: the
 * departure's bill of lading becomes the deal's B/L document, every other document of the deal at
 * sea is grandfathered (it finishes under the rules it started with), and the funded deal gets
 * nothing (the checklist applies to it in full).
 */
describe('the trade documents migration on a database with deals in flight', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  let atSea = '';
  let funded = '';

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_TRADE_DOCUMENTS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    atSea = await insertOperationBefore(handle.db, { allocatedTons: 20, status: 'in_transit' });
    funded = await insertOperationBefore(handle.db, { allocatedTons: 20, status: 'funded' });
    await selectRows(
      handle.db,
      sql`insert into operation_milestones (operation_id, kind, occurred_at, document_key, created_by)
          values (${atSea}, 'shipment_preparation', now() - interval '3 days', null, ${demoUserId('admin')}),
                 (${atSea}, 'departure', now() - interval '2 days', ${`operations/${atSea}/departure-abc.pdf`}, ${demoUserId('admin')})`,
    );
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const documentsOf = (operationId: string) =>
    handle.db.select().from(operationDocuments).where(eq(operationDocuments.operationId, operationId));

  it("keeps the departure's bill of lading as the deal's B/L, with its file", async () => {
    const bill = (await documentsOf(atSea)).find((row) => row.kind === 'bill_of_lading');
    expect(bill).toMatchObject({
      status: 'uploaded',
      grandfathered: false,
      documentKey: `operations/${atSea}/departure-abc.pdf`,
      fileName: 'bill-of-lading.pdf',
      uploadedBy: demoUserId('admin'),
    });
  });

  it('grandfathers every other document of a deal already shipping, and none of a deal not shipped yet', async () => {
    const rows = await documentsOf(atSea);
    expect(rows.map((row) => row.kind).sort()).toEqual([...TRADE_DOCUMENT_KINDS].sort());
    expect(rows.filter((row) => row.grandfathered)).toHaveLength(TRADE_DOCUMENT_KINDS.length - 1);
    expect(rows.every((row) => row.status === 'uploaded')).toBe(true);
    expect(await documentsOf(funded)).toEqual([]);
  });
});
