import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RouteAccess } from '../../plugins/route-access';
import { ALLOWED, CALLERS, type Caller } from '../../test/callers';
import { type TestApp, createTestApp, sameOriginHeaders, signIn } from '../../test/test-app';

/**
 * Every API route and who may call it. A route missing here (or listed here
 * but gone) fails the suite, so a new route is always a conscious decision.
 */
const EXPECTED_ACCESS: Record<string, RouteAccess> = {
  'GET /api/health': 'public',
  'GET /api/health/live': 'public',
  'GET /api/health/ready': 'public',
  'GET /api/openapi.json': 'public',
  'GET /api/operations': 'public',
  'GET /api/stats': 'public',
  'GET /api/operations/catalogue': 'public',
  'GET /api/operations/featured': 'public',
  'GET /api/operations/:id/summary': 'public',
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
  'GET /api/admin/compliance/lists': 'admin',
  'POST /api/admin/compliance/lists': 'admin',
  'POST /api/admin/compliance/rescreen': 'admin',
  'GET /api/admin/compliance/cases': 'admin',
  'GET /api/admin/compliance/cases/:caseId': 'admin',
  'POST /api/admin/compliance/cases/:caseId/decision': 'admin',
  'GET /api/admin/compliance/settings': 'admin',
  'PUT /api/admin/compliance/settings': 'admin',
  'POST /api/admin/outbox/:id/resend': 'admin',
  'POST /api/auth/email/verify': 'public',
  'POST /api/auth/email/resend': 'authenticated',
  'POST /api/auth/two-factor/enable': 'authenticated',
  'POST /api/auth/two-factor/confirm': 'authenticated',
  'POST /api/auth/two-factor/disable': 'authenticated',
  'POST /api/auth/two-factor/verify': 'public',
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
  'GET /api/admin/offer-reviews': 'admin',
  'POST /api/admin/offer-reviews/:operationId/approve': 'admin',
  'POST /api/admin/offer-reviews/:operationId/reject': 'admin',
  // The offer review's paths before issue 26, deprecated.
  'GET /api/admin/kyc/operations': 'admin',
  'POST /api/admin/kyc/operations/:operationId/approve': 'admin',
  'POST /api/admin/kyc/operations/:operationId/reject': 'admin',
  'GET /api/operations/:id/order-form': 'buyer',
  'POST /api/operations/:id/orders': 'buyer',
  'GET /api/operations/:id/orders/mine': 'kyc',
  'GET /api/orders/:id': 'kyc',
  'POST /api/orders/:id/proof': 'kyc',
  'GET /api/orders/:id/proof': 'kyc',
  'GET /api/admin/payments': 'admin',
  'POST /api/admin/payments/:id/confirm': 'admin',
  'POST /api/admin/payments/:id/reject': 'admin',
  'GET /api/admin/operations/:id/ledger': 'admin',
  'POST /api/orders/:id/cancel': 'kyc',
  // The paths orders had as participations, kept answering (deprecated) for older clients.
  'GET /api/operations/:id/participation-form': 'buyer',
  'POST /api/operations/:id/participations': 'buyer',
  'GET /api/operations/:id/participations/mine': 'kyc',
  'GET /api/participations/:id': 'kyc',
  'POST /api/participations/:id/proof': 'kyc',
  'GET /api/participations/:id/proof': 'kyc',
  'POST /api/participations/:id/cancel': 'kyc',
  'POST /api/operations/:id/waitlist': 'buyer',
  'DELETE /api/operations/:id/waitlist': 'buyer',
  'GET /api/operations/:id/waitlist/mine': 'buyer',
  'POST /api/operations/:id/waitlist/claim': 'buyer',
  'GET /api/notifications': 'authenticated',
  'GET /api/notifications/unread-count': 'authenticated',
  'POST /api/notifications/:id/read': 'authenticated',
  'POST /api/notifications/read-all': 'authenticated',
  'GET /api/operations/:id/room': 'kyc',
  'PATCH /api/operations/:id/room/notifications': 'kyc',
  // The operation room's paths when it was the deal room, kept answering (deprecated).
  'GET /api/operations/:id/deal-room': 'kyc',
  'PATCH /api/operations/:id/deal-room/notifications': 'kyc',
  'GET /api/operations/:id/messages': 'kyc',
  'POST /api/operations/:id/messages': 'kyc',
  'POST /api/operations/:id/disputes': 'kyc',
  'POST /api/operations/:id/disputes/evidence': 'kyc',
  'GET /api/operations/:id/disputes/evidence/:evidenceId': 'authenticated',
  'GET /api/events': 'authenticated',
  'POST /api/offers': 'seller',
  'GET /api/offers/mine': 'seller',
  'GET /api/offers/:id': 'seller',
  'PUT /api/offers/:id': 'seller',
  'POST /api/offers/:id/withdraw': 'seller',
  'GET /api/offers/:id/participants': 'seller',
  'GET /api/offers/:id/image': 'public',
  'GET /api/buyer/dashboard': 'kyc',
  'GET /api/buyer/orders': 'kyc',
  'GET /api/seller/dashboard': 'seller',
  'GET /api/admin/dashboard': 'admin',
  'GET /api/admin/settings': 'admin',
  'PUT /api/admin/settings': 'admin',
  'GET /api/seller/platform-fee': 'seller',
  'GET /api/orders/:id/statement': 'authenticated',
  'GET /api/orders/:id/statement.pdf': 'authenticated',
  'GET /api/orders/:id/contract.pdf': 'authenticated',
  'GET /api/participations/:id/statement': 'authenticated',
  'GET /api/participations/:id/statement.pdf': 'authenticated',
  'GET /api/participations/:id/contract.pdf': 'authenticated',
  'GET /api/seller/operations/:id/statement': 'seller',
  'GET /api/seller/operations/:id/statement.pdf': 'seller',
  'GET /api/account/profile': 'authenticated',
  'PUT /api/account/profile': 'authenticated',
  'GET /api/admin/operations': 'admin',
  'GET /api/admin/operations/:id/control': 'admin',
  'POST /api/admin/operations/:id/milestones/:step': 'admin',
  'POST /api/admin/operations/:id/settle': 'admin',
  'POST /api/admin/operations/:id/payout-preview': 'admin',
  'POST /api/admin/operations/:id/final-measurement': 'admin',
  'POST /api/admin/operations/:id/cancel': 'admin',
  'POST /api/admin/operations/:id/dispute/decision': 'admin',
  'GET /api/operations/:id/milestones/:kind/document': 'authenticated',
  'GET /api/admin/operations/:id/partners': 'admin',
  'POST /api/admin/operations/:id/partners': 'admin',
  'DELETE /api/admin/operations/:id/partners/:userId': 'admin',
  'GET /api/partner/operations': 'partner',
  'GET /api/partner/operations/:id': 'partner',
  'POST /api/partner/operations/:id/milestones/:step': 'partner',
  'GET /api/admin/settings/document-checklists': 'admin',
  'PUT /api/admin/settings/document-checklists': 'admin',
  'GET /api/operations/:id/documents': 'kyc',
  'POST /api/operations/:id/documents/:kind': 'kyc',
  'GET /api/operations/:id/documents/:kind/file': 'authenticated',
  'POST /api/admin/operations/:id/documents/:kind/reject': 'admin',
  'GET /api/account/api-keys': 'kyc',
  'POST /api/account/api-keys': 'kyc',
  'POST /api/account/api-keys/:id/revoke': 'kyc',
  'PUT /api/account/api-keys/:id/version': 'kyc',
  'GET /api/account/webhooks': 'kyc',
  'POST /api/account/webhooks': 'kyc',
  'DELETE /api/account/webhooks/:id': 'kyc',
  'PUT /api/account/webhooks/:id/version': 'kyc',
  'GET /api/account/webhooks/:id/deliveries': 'kyc',
  'POST /api/account/webhooks/deliveries/:id/resend': 'kyc',
};
/** Routes answering an endless stream (SSE): read as a stream; a refusal still ends with a JSON body. */
const STREAMING = new Set(['GET /api/events']);

/** Calls after which the caller's session is gone. */
const SESSION_ENDING = new Set(['POST /api/auth/sign-out', 'POST /api/session/revoke-all']);
const REFUSALS = new Set(['UNAUTHENTICATED', 'KYC_REQUIRED', 'FORBIDDEN']);
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

async function readStream(stream: NodeJS.ReadableStream): Promise<string> {
  let text = '';
  for await (const chunk of stream) text += String(chunk);
  return text;
}

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
        const isStreaming = STREAMING.has(`${route.method} ${route.url}`);
        const response = await t.app.inject({
          method: route.method as 'GET',
          url,
          headers: await headersOf(caller),
          ...(route.method === 'GET' ? {} : { payload: {} }),
          ...(isStreaming ? { payloadAsStream: true } : {}),
        });
        if (SESSION_ENDING.has(`${route.method} ${route.url}`)) sessions.delete(caller);
        if (isStreaming && response.statusCode === 200) response.stream().destroy();
        const body = isStreaming && response.statusCode !== 200 ? await readStream(response.stream()) : null;
        const code = (
          (isStreaming ? (body ? JSON.parse(body) : null) : response.json()) as { error?: { code?: string } } | null
        )?.error?.code;
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
