import { createHash } from 'node:crypto';
import { and, desc, eq, like, ne, sql } from 'drizzle-orm';
import { type AppDatabase } from '../../db/client';
import { verification } from '../../db/schema';

/** Better Auth's identifier of a reset token: `reset-password:<token>`; the row's value is the user id. */
const RESET_KIND = 'reset-password:';
const HASH_MARK = 'sha256:';

/**
 * What Better Auth stores (and looks up) instead of a verification identifier
 * (its `verification.storeIdentifier` option): the kind stays readable, so an
 * account's reset tokens can be found and revoked, and the token becomes its
 * SHA-256. Tokens are 24 random alphanumerics (about 143 bits), so an unsalted
 * hash is enough: a copy of the table gives nobody a usable link.
 */
export async function hashVerificationIdentifier(identifier: string): Promise<string> {
  const colon = identifier.indexOf(':');
  const kind = colon >= 0 ? identifier.slice(0, colon + 1) : '';
  const secret = identifier.slice(kind.length);
  return `${kind}${HASH_MARK}${createHash('sha256').update(secret).digest('base64url')}`;
}

/**
 * Whether a submitted token has the shape Better Auth issues (its generateId
 * alphabet). Better Auth also looks a hashed identifier up in plain form, for
 * rows written before hashing was on; a stored hash always contains ":", so
 * refusing anything but alphanumerics keeps a copy of the table from being
 * replayed as a token.
 */
export function isWellFormedResetToken(token: string): boolean {
  return /^[A-Za-z0-9]{16,128}$/.test(token);
}

const resetTokensOf = (userId: string) =>
  and(eq(verification.value, userId), like(verification.identifier, `${RESET_KIND}%`));

/**
 * After a reset token was issued: every other reset token of the account dies,
 * so only the newest link works. Keeping "the newest by (created_at, id)" rather
 * than "this one" gives the same single survivor whatever order two concurrent
 * requests run this statement in.
 */
export async function keepNewestResetToken(db: AppDatabase, userId: string): Promise<void> {
  const newest = db
    .select({ id: verification.id })
    .from(verification)
    .where(resetTokensOf(userId))
    .orderBy(desc(verification.createdAt), desc(verification.id))
    .limit(1);
  await db.delete(verification).where(and(resetTokensOf(userId), ne(verification.id, sql`(${newest})`)));
}

/** Every outstanding reset token of the account dies (its password was changed or reset). */
export async function revokeResetTokens(db: AppDatabase, userId: string): Promise<void> {
  await db.delete(verification).where(resetTokensOf(userId));
}

export function isResetTokenIdentifier(identifier: string): boolean {
  return identifier.startsWith(RESET_KIND);
}
