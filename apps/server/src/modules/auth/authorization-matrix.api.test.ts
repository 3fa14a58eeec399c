import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteAccess } from '../../plugins/route-access';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../../test/test-app';

/**
 * Every API route and who may call it. A route missing here (or listed here
 * but gone) fails the suite, so a new route is always a conscious decision.
 */
const EXPECTED_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/operations': 'public',
  'GET /api/stats': 'public',
  'GET /api/operations/catalogue': 'public',
  'GET /api/operations/featured': 'public',
  'GET /api/operations/:id': 'authenticated',
  'PUT /api/operations/:id/watch': 'authenticated',
  'DELETE /api/operations/:id/watch': 'authenticated',
  'GET /api/operations/:id/spec': 'authenticated',
  'GET /api/blog': 'public',
  'GET /api/blog/:slug': 'public',
  'POST /api/contact': 'public',
  'GET /api/admin/contact-messages': 'admin',
  'GET /api/session': 'public',
  'POST /api/auth/sign-up': 'public',
  'POST /api/auth/sign-in': 'public',
  'POST /api/auth/admin/sign-in': 'public',
  'POST /api/auth/sign-out': 'public',
  'POST /api/session/revoke-all': 'authenticated',
  'PUT /api/session/mode': 'authenticated',
  'POST /api/auth/password/forgot': 'public',
  'POST /api/auth/password/reset': 'public',
  'POST /api/auth/password/change': 'authenticated',
  'GET /api/admin/outbox': 'admin',
  'GET /api/kyc': 'authenticated',
  'POST /api/kyc/documents/:documentType': 'authenticated',
  'POST /api/kyc/onboarding/continue': 'authenticated',
  'GET /api/kyc/documents/:documentId/file': 'authenticated',
  'GET /api/admin/kyc/overview': 'admin',
  'GET /api/admin/kyc/users': 'admin',
  'POST /api/admin/kyc/documents/:documentId/verify': 'admin',
  'POST /api/admin/kyc/documents/:documentId/reject': 'admin',
  'POST /api/admin/kyc/users/:userId/approve': 'admin',
  'POST /api/admin/kyc/users/:userId/reject': 'admin',
  'GET /api/admin/kyc/operations': 'admin',
  'POST /api/admin/kyc/operations/:operationId/approve': 'admin',
  'POST /api/admin/kyc/operations/:operationId/reject': 'admin',
  'GET /api/admin/operations': 'admin',
  'GET /api/admin/operations/:id/control': 'admin',
  'POST /api/admin/operations/:id/milestones/:step': 'admin',
  'POST /api/admin/operations/:id/settle': 'admin',
  'POST /api/admin/operations/:id/dispute/decision': 'admin',
  'GET /api/operations/:id/milestones/:kind/document': 'authenticated',
};

type Caller = 'visitor' | 'kycPending' | 'buyer' | 'seller' | 'admin';
const CALLERS: Record<Caller, string | null> = {
  visitor: null,
  kycPending: 'pendiente@tradeops.demo',
  buyer: 'comprador@tradeops.demo',
  seller: 'vendedor@tradeops.demo',
  admin: 'admin@tradeops.demo',
};

/** Who each access level lets through (spec §6; admins skip the KYC and role checks). */
const ALLOWED: Record<RouteAccess, Caller[]> = {
  public: ['visitor', 'kycPending', 'buyer', 'seller', 'admin'],
  authenticated: ['kycPending', 'buyer', 'seller', 'admin'],
  kyc: ['buyer', 'seller', 'admin'],
  buyer: ['buyer', 'admin'],
  seller: ['seller', 'admin'],
  admin: ['admin'],
};

/** Calls after which the caller's session is gone. */
const SESSION_ENDING = new Set(['POST /api/auth/sign-out', 'POST /api/session/revoke-all']);
const REFUSALS = new Set(['UNAUTHENTICATED', 'KYC_REQUIRED', 'FORBIDDEN']);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

describe('authorization matrix', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('knows every registered API route and its declared access', () => {
    const registered = Object.fromEntries(
      t.app.apiRoutes.map((route) => [`${route.method} ${route.url}`, route.access]),
    );
    expect(registered).toEqual(EXPECTED_ACCESS);
  });

  // Scrypt makes each sign-in cost ~0.2 s; sessions are reused and renewed only after a call that ends them.
  it('lets exactly the allowed callers through each route', { timeout: 180_000 }, async () => {
    const seen: string[] = [];
    const sessions = new Map<Caller, Record<string, string>>();
    const headersOf = async (caller: Caller) => {
      const email = CALLERS[caller];
      if (!email) return sameOriginHeaders();
      if (!sessions.has(caller)) sessions.set(caller, await signIn(t, email));
      return sessions.get(caller)!;
    };
    for (const route of t.app.apiRoutes) {
      const url = route.url.replace(/:\w+/g, SAMPLE_ID);
      for (const caller of Object.keys(CALLERS) as Caller[]) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: await headersOf(caller),
          ...(route.method === 'GET' ? {} : { payload: {} }),
        });
        if (SESSION_ENDING.has(`${route.method} ${route.url}`)) sessions.delete(caller);
        const code = (response.json() as { error?: { code?: string } } | null)?.error?.code;
        const wasRefused = (response.statusCode === 401 || response.statusCode === 403) && REFUSALS.has(code ?? '');
        const shouldPass = ALLOWED[route.access].includes(caller);
        expect({ route: `${route.method} ${route.url}`, caller, passed: !wasRefused }).toEqual({
          route: `${route.method} ${route.url}`,
          caller,
          passed: shouldPass,
        });
        seen.push(`${route.method} ${route.url} as ${caller}`);
      }
    }
    // Closing note of issue 3: the size of the matrix.
    expect(seen).toHaveLength(t.app.apiRoutes.length * Object.keys(CALLERS).length);
  });
});
