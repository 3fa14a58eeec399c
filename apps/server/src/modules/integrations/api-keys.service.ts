import {
  type ApiKey,
  type ApiVersion,
  CURRENT_API_VERSION,
  type CreateApiKeyRequest,
  MAX_API_KEYS,
} from '@tradeops/shared';
import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { apiKeys } from '../../db/schema';
import { AppError } from '../../errors';
import { generateApiKey } from '../../plugins/auth/api-keys';
import { writeAudit } from '../audit/audit.service';

type ApiKeyRow = typeof apiKeys.$inferSelect;

function toApiKey(row: ApiKeyRow): ApiKey {
  return {
    id: row.id,
    name: row.name,
    scope: row.scope,
    prefix: row.prefix,
    apiVersion: row.apiVersion,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
    revokedAt: row.revokedAt ? row.revokedAt.toISOString() : null,
  };
}

/**
 * A new key for the company: returned whole this once, kept as its hash, pinned to the current API
 * version. At most MAX_API_KEYS active keys (counted under a lock on the company's keys). Audited.
 */
export async function createApiKey(
  db: AppDatabase,
  input: { userId: string; request: CreateApiKeyRequest },
): Promise<{ apiKey: ApiKey; key: string }> {
  const { key, prefix, keyHash } = generateApiKey();
  const row = await db.transaction(async (tx) => {
    await tx
      .select({ id: apiKeys.id })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
      .for('update');
    const [active] = await tx
      .select({ total: count() })
      .from(apiKeys)
      .where(and(eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)));
    if ((active?.total ?? 0) >= MAX_API_KEYS) throw new AppError('INTEGRATION_LIMIT_REACHED');
    const [created] = await tx
      .insert(apiKeys)
      .values({
        userId: input.userId,
        name: input.request.name,
        scope: input.request.scope,
        prefix,
        keyHash,
        apiVersion: CURRENT_API_VERSION,
      })
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'api_key.created',
      entityType: 'api_key',
      entityId: created!.id,
      data: { name: created!.name, scope: created!.scope, prefix },
    });
    return created!;
  });
  return { apiKey: toApiKey(row), key };
}

/** The company's keys, newest first, revoked ones included (with when). */
export async function listApiKeys(db: AppDatabase, userId: string): Promise<ApiKey[]> {
  const rows = await db.select().from(apiKeys).where(eq(apiKeys.userId, userId)).orderBy(desc(apiKeys.createdAt));
  return rows.map(toApiKey);
}

/** Revokes a key at once (the next request with it gets 401). Idempotent; audited the first time. */
export async function revokeApiKey(db: AppDatabase, input: { userId: string; id: string }): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, input.userId)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.revokedAt) return toApiKey(before);
    const [row] = await tx
      .update(apiKeys)
      .set({ revokedAt: sql`now()` })
      .where(eq(apiKeys.id, input.id))
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'api_key.revoked',
      entityType: 'api_key',
      entityId: input.id,
      data: { name: before.name, prefix: before.prefix },
    });
    return toApiKey(row!);
  });
}

/**
 * Moves a live key to another API version (decision 026): forward once the integration reads the new
 * bodies (it can try them first with the TradeOps-Version header), back if it turns out not to. Takes effect
 * on the key's next request. Audited when it changes something; a revoked key is refused (404).
 */
export async function setApiKeyVersion(
  db: AppDatabase,
  input: { userId: string; id: string; apiVersion: ApiVersion },
): Promise<ApiKey> {
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select()
      .from(apiKeys)
      .where(and(eq(apiKeys.id, input.id), eq(apiKeys.userId, input.userId), isNull(apiKeys.revokedAt)))
      .for('update');
    if (!before) throw new AppError('NOT_FOUND');
    if (before.apiVersion === input.apiVersion) return toApiKey(before);
    const [row] = await tx
      .update(apiKeys)
      .set({ apiVersion: input.apiVersion })
      .where(eq(apiKeys.id, input.id))
      .returning();
    await writeAudit(tx, {
      actorId: input.userId,
      action: 'api_key.version_changed',
      entityType: 'api_key',
      entityId: input.id,
      data: { name: before.name, prefix: before.prefix, from: before.apiVersion, to: input.apiVersion },
    });
    return toApiKey(row!);
  });
}
