import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DatabaseBefore,
  insertDemoAccountsBefore,
  insertOperationBefore,
  openDatabaseBefore,
} from '../test/database-before';
import { type DatabaseHandle } from './client';
import { adminOfferReview, operations } from './schema';

/** The last migration before operations had an English specification line. */
const BEFORE_SPECIFICATION_EN = '0024_kyc_freshness';

/**
 * Migration 0025 on a database seeded before it: the demo deals' specification lines get their
 * English version (an English page showed 'Regular 26% de materia grasa'), a seller's own line is
 * left without one, and the admins' review queue carries each offer's English title. On PGlite and
 * PostgreSQL.
 */
describe('the English specification migration on a database with demo and seller deals', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  const ids = { demo: '', seller: '', pending: '' };

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_SPECIFICATION_EN);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db);
    ids.demo = await insertOperationBefore(handle.db, { specification: 'Regular 26% de materia grasa' });
    ids.seller = await insertOperationBefore(handle.db, { specification: 'Tostado medio, 85 puntos' });
    ids.pending = await insertOperationBefore(handle.db, { status: 'pending', reviewStatus: 'pending' });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it("gives the demo deals' lines their English version and leaves a seller's line as written", async () => {
    const line = async (id: string) =>
      (
        await handle.db
          .select({ es: operations.specification, en: operations.specificationEn })
          .from(operations)
          .where(eq(operations.id, id))
      )[0];
    expect(await line(ids.demo)).toEqual({ es: 'Regular 26% de materia grasa', en: 'Regular, 26% fat' });
    expect(await line(ids.seller)).toEqual({ es: 'Tostado medio, 85 puntos', en: null });
  });

  it('names each offer waiting for review in English too', async () => {
    const [row] = await handle.db.select().from(adminOfferReview).where(eq(adminOfferReview.id, ids.pending));
    expect(row).toMatchObject({ title: 'Operación de prueba', titleEn: 'Test operation' });
  });
});
