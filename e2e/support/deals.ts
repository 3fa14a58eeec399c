import { randomBytes, randomUUID } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { type OfferRequest, TERMS_VERSION } from '@tradeops/shared';
import { buildOfferRequest } from '@tradeops/shared/testing';
import { PDF_FILE } from './kyc-files';
import { DEMO_PASSWORD, DEMO_USERS, originHeaders } from './login';
import { test as base } from './test';

// The same API as ./test (Playwright's, with its checks), and `test` gains `publishDeal`.
export * from './test';

/**
 * What a deals spec needs as its starting state: an offer a seller publishes and an admin
 * approves, through the API (POST /api/offers, POST /api/admin/offer-reviews/{id}/approve).
 * Everything else (orders, payments, milestones) the spec does itself through the API or the pages.
 */
export interface DealRequest extends Partial<OfferRequest> {
  /** The Spanish title; the fixture makes it unique to the test (a suffix). */
  title: string;
  /** The English title; the same suffix. Defaults to the Spanish one. */
  titleEn?: string;
  totalTons: number;
  minVolume: number;
  priceUsd: number;
  /** At most this many tons per buyer; defaults to the whole deal. */
  maxPerParticipantTons?: number;
  /** The seeded seller account that publishes it (all share DEMO_PASSWORD); defaults to vendedor@. */
  sellerEmail?: string;
}

/** An approved (active) deal of this test's own. */
export interface Deal {
  id: string;
  title: string;
  titleEn: string;
}

export type PublishDeal = (request: DealRequest) => Promise<Deal>;

/** An API client of its own, signed in as a seeded account. */
async function signedInRequest(
  newContext: () => Promise<APIRequestContext>,
  email: string,
  baseURL: string | undefined,
): Promise<APIRequestContext> {
  const request = await newContext();
  const response = await request.post('/api/auth/sign-in', {
    headers: originHeaders(baseURL),
    data: { email, password: DEMO_PASSWORD },
  });
  expect(response.status(), email).toBe(200);
  return request;
}

/**
 * Publishes a deal as a seller and approves it as an admin, both through the API; answers its id and
 * its titles. The suffix keeps each test's deal apart from every other test's (and from a retry's).
 */
export async function publishApprovedDeal(
  clients: { seller: APIRequestContext; admin: APIRequestContext },
  baseURL: string | undefined,
  deal: DealRequest,
): Promise<Deal> {
  const suffix = randomBytes(3).toString('hex');
  const title = `${deal.title} ${suffix}`;
  const titleEn = `${deal.titleEn ?? deal.title} ${suffix}`;
  const values: Partial<OfferRequest> & Record<string, unknown> = { ...deal };
  delete values.sellerEmail;
  const data = buildOfferRequest({
    ...values,
    maxPerParticipantTons: deal.maxPerParticipantTons ?? deal.totalTons,
    title,
    titleEn,
  });
  const headers = originHeaders(baseURL);
  const created = await clients.seller.post('/api/offers', {
    headers,
    multipart: { data: JSON.stringify(data) },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: string };
  // A new offer is at its first revision.
  const approved = await clients.admin.post(`/api/admin/offer-reviews/${id}/approve`, {
    headers,
    data: { revision: 1 },
  });
  expect(approved.status(), await approved.text()).toBe(200);
  return { id, title, titleEn };
}

/**
 * The deals specs' test: `publishDeal` gives each test the operations it changes, so no spec depends
 * on a seeded operation and no two tests share one. Seeded accounts act (sellers, buyers, admin);
 * seeded operations are the demo's, and no deals spec touches them.
 *
 * e2e/deals/full-flow.spec.ts and e2e/deals/trade-journey.spec.ts publish theirs through the wizard
 * (what they test). Both set this server's fund retention to 0 days (/admin/settings) so a deal
 * settles the day its inspection passes; a spec that needs the 30-day default must set it back itself.
 */
export const test = base.extend<{ publishDeal: PublishDeal }>({
  publishDeal: async ({ playwright, baseURL, extraHTTPHeaders }, use) => {
    const clients: APIRequestContext[] = [];
    const newContext = async () => {
      const context = await playwright.request.newContext({ baseURL, extraHTTPHeaders });
      clients.push(context);
      return context;
    };
    const sellers = new Map<string, APIRequestContext>();
    let admin: APIRequestContext | undefined;
    await use(async (deal) => {
      const sellerEmail = deal.sellerEmail ?? DEMO_USERS.seller;
      let seller = sellers.get(sellerEmail);
      if (!seller) {
        seller = await signedInRequest(newContext, sellerEmail, baseURL);
        sellers.set(sellerEmail, seller);
      }
      admin ??= await signedInRequest(newContext, DEMO_USERS.admin, baseURL);
      return publishApprovedDeal({ seller, admin }, baseURL, deal);
    });
    for (const client of clients) await client.dispose();
  },
});

/**
 * A buyer's wire order on a deal, its proof uploaded and, when `admin` is given, confirmed by that
 * admin (the money then held in escrow), all through the API; answers the order.
 */
export async function paidOrder(
  clients: { buyer: APIRequestContext; admin?: APIRequestContext },
  baseURL: string | undefined,
  operationId: string,
  volume: number,
): Promise<{ id: string; paymentReference: string }> {
  const headers = originHeaders(baseURL);
  const ordered = await clients.buyer.post(`/api/operations/${operationId}/orders`, {
    headers,
    data: { volume, paymentMethod: 'wire', idempotencyKey: randomUUID(), termsVersion: TERMS_VERSION },
  });
  expect(ordered.status(), await ordered.text()).toBe(201);
  const { order } = (await ordered.json()) as { order: { id: string; paymentReference: string } };
  const proof = await clients.buyer.post(`/api/orders/${order.id}/proof`, {
    headers,
    multipart: { file: { name: 'comprobante.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer } },
  });
  expect(proof.status(), await proof.text()).toBe(200);
  if (clients.admin) {
    const confirmed = await clients.admin.post(`/api/admin/payments/${order.id}/confirm`, {
      headers,
      data: { proofRevision: 1 },
    });
    expect(confirmed.status(), await confirmed.text()).toBe(200);
  }
  return order;
}
