import { createHash, randomBytes } from 'node:crypto';
import { API_KEY_PREFIX, type ApiKeyScope, type ApiVersion } from '@tradeops/shared';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { type FastifyRequest } from 'fastify';
import { type AppDatabase } from '../../db/client';
import { apiKeys } from '../../db/schema';

/** How often a key's last-used time is written at most (a write per request would cost every call). */
const LAST_USED_RESOLUTION_SECONDS = 60;
/** The shown part of a key (prefix + 8 characters), to recognise it in a list. */
const SHOWN_LENGTH = API_KEY_PREFIX.length + 8;

/** What a company's integration is allowed, on a request made with its key. */
export interface ApiKeyGrant {
  id: string;
  scope: ApiKeyScope;
  /** The API version the key's requests speak unless they name another (decision 026). */
  apiVersion: ApiVersion;
}

export function hashApiKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** A new key: `tok_` and 32 random bytes in base64url; what is stored is its hash and its shown part. */
export function generateApiKey(): { key: string; prefix: string; keyHash: string } {
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { key, prefix: key.slice(0, SHOWN_LENGTH), keyHash: hashApiKey(key) };
}

/** The API key a request carries (`Authorization: Bearer tok_…`), or null. Other bearer tokens are not ours. */
export function apiKeyOf(request: FastifyRequest): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization ?? '');
  const token = match?.[1];
  return token?.startsWith(API_KEY_PREFIX) ? token : null;
}

/**
 * The owner and grant of a live key, or null for an unknown or revoked one. Marks the key used
 * (at most once a minute) in the same round trip's aftermath.
 */
export async function resolveApiKey(
  db: AppDatabase,
  key: string,
): Promise<{ userId: string; grant: ApiKeyGrant } | null> {
  const [row] = await db
    .select({
      id: apiKeys.id,
      userId: apiKeys.userId,
      scope: apiKeys.scope,
      apiVersion: apiKeys.apiVersion,
      lastUsedAt: apiKeys.lastUsedAt,
    })
    .from(apiKeys)
    .where(and(eq(apiKeys.keyHash, hashApiKey(key)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > LAST_USED_RESOLUTION_SECONDS * 1000) {
    await db
      .update(apiKeys)
      .set({ lastUsedAt: sql`now()` })
      .where(
        and(
          eq(apiKeys.id, row.id),
          sql`(${apiKeys.lastUsedAt} is null or ${apiKeys.lastUsedAt} < now() - make_interval(secs => ${LAST_USED_RESOLUTION_SECONDS}))`,
        ),
      );
  }
  return { userId: row.userId, grant: { id: row.id, scope: row.scope, apiVersion: row.apiVersion } };
}
