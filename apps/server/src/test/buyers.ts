import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import { DAY_MS } from '@tradeops/shared';
import { profiles, session, user } from '../db/schema';
import { SESSION_COOKIE_PREFIX } from '../plugins/auth/better-auth';
import { type TestApp, sameOriginHeaders } from './test-app';

/** A buyer made by createApprovedBuyers: its user id, e-mail and signed-in request headers. */
export interface ApprovedBuyer {
  userId: string;
  email: string;
  headers: Record<string, string>;
}

/**
 * KYC-approved buyers with live sessions, written straight into the test
 * database: signing in through the API costs a scrypt hash per account, which
 * would dominate a test that needs dozens of buyers. The session cookie is
 * signed like Better Auth signs it (HMAC-SHA256 with the session secret), so
 * requests go through the real auth plugin.
 */
export async function createApprovedBuyers(t: TestApp, count: number, prefix = 'buyer'): Promise<ApprovedBuyer[]> {
  const secret = t.config.sessionSecret;
  if (!secret) throw new Error('the test app has no session secret');
  const now = new Date();
  const buyers = Array.from({ length: count }, (_, index) => {
    const userId = randomUUID().replaceAll('-', '');
    const token = randomBytes(24).toString('base64url');
    const signature = createHmac('sha256', secret).update(token).digest('base64');
    const email = `${prefix}-${index}-${userId.slice(0, 6)}@example.test`;
    return {
      userId,
      email,
      token,
      headers: sameOriginHeaders(
        `${SESSION_COOKIE_PREFIX}.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
      ),
    };
  });
  await t.db.insert(user).values(buyers.map((b) => ({ id: b.userId, name: `Buyer ${b.email}`, email: b.email })));
  await t.db.insert(profiles).values(
    buyers.map((b, index) => ({
      id: b.userId,
      fullName: `Buyer ${index}`,
      companyName: `Importadora ${index}`,
      companyType: 'importer_exporter' as const,
      country: 'VE',
      role: 'buyer' as const,
      kycStatus: 'approved' as const,
      kycReviewedAt: now,
    })),
  );
  await t.db.insert(session).values(
    buyers.map((b) => ({
      id: randomUUID(),
      token: b.token,
      userId: b.userId,
      expiresAt: new Date(now.getTime() + DAY_MS),
    })),
  );
  return buyers.map(({ userId, email, headers }) => ({ userId, email, headers }));
}
