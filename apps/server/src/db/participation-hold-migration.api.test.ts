import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getPlatformSettings } from '../modules/settings/settings.service';
import { type DatabaseBefore, openDatabaseBefore } from '../test/database-before';
import { type DatabaseHandle } from './client';
import { platformSettings } from './schema';

/** The last migration before the hold setting took the participation's name. */
const BEFORE_RENAME = '0016_waitlist_invitations';

/**
 * Migration 0017 on a database whose admin changed the hold under its old key
 * (`reservation_hold_hours`): the value moves to `participation_hold_hours`, so the
 * hold the admin chose still applies. On PGlite and PostgreSQL.
 */
describe('the participation hold migration on a database with the old setting key', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;

  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_RENAME);
    handle = database.handle;

    await handle.db.insert(platformSettings).values({ key: 'reservation_hold_hours', value: 48 });
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('moves the stored hold to participation_hold_hours (order_hold_hours since the orders rename) and keeps applying it', async () => {
    const rows = await handle.db
      .select({ key: platformSettings.key, value: platformSettings.value })
      .from(platformSettings);
    expect(rows).toEqual([{ key: 'order_hold_hours', value: 48 }]);
    expect((await getPlatformSettings(handle.db)).orderHoldHours).toBe(48);
  });
});
