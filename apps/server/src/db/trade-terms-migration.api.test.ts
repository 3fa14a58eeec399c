import { ZTradeTerms, defaultTradeTerms } from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle, selectRows } from './client';
import { operations } from './schema';

/** The last migration before operations had trade terms. */
const BEFORE_TRADE_TERMS = '0026_indexes_balances_rollups';

/**
 * Migration 0027 on deals written before trade terms: each gets the terms its quote implied (CIF at
 * its arrival port, insured by the seller at 110 %, a two-week shipment window from its expected
 * departure, ± 5 %, its specification line as quality), valid under today's schema and equal to the
 * shared defaultTradeTerms. On PGlite and PostgreSQL.
 */
describe('the trade terms migration on deals written before it', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  const ids = { full: '', bare: '' };

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_TRADE_TERMS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    ids.full = await insertOperationBefore(handle.db, { specification: 'Regular 26% de materia grasa' });
    await selectRows(
      handle.db,
      sql`update operations set arrival_port = 'La Guaira', expected_departure = '2026-12-05' where id = ${ids.full}`,
    );
    ids.bare = await insertOperationBefore(handle.db, { status: 'pending', reviewStatus: 'pending' });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  const termsOf = async (id: string) => (await handle.db.select().from(operations).where(eq(operations.id, id)))[0]!;

  it('gives a deal with a port and a departure CIF at that port, shipping from the departure', async () => {
    const row = await termsOf(ids.full);
    expect(ZTradeTerms.parse(row.tradeTerms)).toEqual({
      incoterm: 'CIF',
      namedPlace: 'La Guaira',
      shipmentFrom: '2026-12-05',
      shipmentTo: '2026-12-19',
      quantityTolerancePercent: 5,
      qualitySpecification: 'Regular 26% de materia grasa',
      inspectionBody: null,
      insurancePayer: 'seller',
      insuredPercent: 110,
      paymentTerms: null,
    });
    expect(row.tradeTerms).toEqual(
      defaultTradeTerms({
        arrivalPort: 'La Guaira',
        destinationCountry: 'VE',
        specification: 'Regular 26% de materia grasa',
        productName: 'Leche en polvo',
        shipmentFrom: '2026-12-05',
      }),
    );
  });

  it('gives a deal without port, departure or specification the destination, the deadline and the product', async () => {
    const row = await termsOf(ids.bare);
    const terms = ZTradeTerms.parse(row.tradeTerms);
    expect(terms).toMatchObject({ namedPlace: 'VE', qualitySpecification: 'Leche en polvo' });
    expect(terms.shipmentFrom).toBe(row.deadline!.toISOString().slice(0, 10));
  });
});
