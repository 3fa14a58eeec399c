import { CURRENT_API_VERSION } from '@tradeops/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseBefore, insertDemoAccountsBefore, openDatabaseBefore } from '../test/database-before';
import { demoUserId } from '../seed/demo-accounts';
import { createApiKey } from '../modules/integrations/api-keys.service';
import { type DatabaseHandle, selectRows } from './client';

/** The migration just before API keys and webhook endpoints carried their API version (0036). */
const BEFORE_API_VERSIONS = '0035_kyc_review_waits';

/**
 * Migration 0036 on a database with API keys: a key made before versions existed speaks the first version
 * (2026-11-25), so the integration built on it goes on reading the keys it was written for; a key made
 * after is pinned by the server to the current one, and the column has no default that could pin it silently.
 * On PGlite and PostgreSQL.
 */
describe('the API versions migration', () => {
  let database: DatabaseBefore;
  let handle: DatabaseHandle;
  beforeAll(async () => {
    database = await openDatabaseBefore(BEFORE_API_VERSIONS);
    handle = database.handle;
    await insertDemoAccountsBefore(handle.db, 'english');
    await handle.db.execute(sql`
      insert into api_keys (user_id, name, scope, prefix, key_hash)
      values (${demoUserId('comprador')}, 'ERP', 'write', 'tok_old00000', 'hash-of-an-old-key')`);
    await handle.db.execute(sql`
      insert into webhook_endpoints (user_id, url, secret_encrypted)
      values (${demoUserId('comprador')}, 'https://erp.example/hooks', 'sealed')`);
    await handle.migrate();
  }, 120_000);
  afterAll(async () => {
    await database?.close();
  });

  it('pins the keys and webhook endpoints made before to the first version', async () => {
    const rows = await selectRows<{ name: string; api_version: string }>(
      handle.db,
      sql`select name, api_version from api_keys`,
    );
    expect(rows).toEqual([{ name: 'ERP', api_version: '2026-11-25' }]);
    const endpoints = await selectRows<{ url: string; api_version: string }>(
      handle.db,
      sql`select url, api_version from webhook_endpoints`,
    );
    expect(endpoints).toEqual([{ url: 'https://erp.example/hooks', api_version: '2026-11-25' }]);
  });

  it('pins a new key to the current version, and refuses one written without a version', async () => {
    const { apiKey } = await createApiKey(handle.db, {
      userId: demoUserId('comprador'),
      request: { name: 'Logística', scope: 'read' },
    });
    expect(apiKey.apiVersion).toBe(CURRENT_API_VERSION);
    await expect(
      handle.db.execute(sql`
        insert into api_keys (user_id, name, scope, prefix, key_hash)
        values (${demoUserId('comprador')}, 'Sin versión', 'read', 'tok_new00000', 'hash-of-a-new-key')`),
    ).rejects.toThrow();
  });
});
