import {
  KYC_DOCUMENT_TYPE_LIST,
  type KycReviewUser,
  type OperationStatus,
  detectFileType,
  hasReached,
  isAllowedFileType,
} from '@tradeops/shared';
import { eq, sql } from 'drizzle-orm';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { selectRows } from '../db/client';
import {
  account,
  adminOfferReview,
  buyerKpis,
  ledgerEntries,
  onboardingStatus,
  orders,
  operationPartners,
  operations,
  partners,
  productSpecs,
  profiles,
  sellerKpis,
  user,
} from '../db/schema';
import { type TestApp, createTestApp, signIn } from '../test/test-app';
import { DEMO_PASSWORD, demoUserId } from './demo-accounts';
import { FEATURED_OPERATION_KEY, demoOperationId } from './demo-operations';
import { MILK_POWDER_SPEC } from './demo-specs';
import { seedDemoData } from './seed-demo-data';
import { passwordHasher } from '../plugins/auth/password-hash';

const TABLES = [
  'user',
  'account',
  'profiles',
  'onboarding_status',
  'user_documents',
  'partners',
  'product_specs',
  'operations',
  'operation_partners',
  'orders',
  'ledger_transfers',
  'ledger_entries',
  'blog_posts',
  'platform_settings',
];

describe('demo seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fingerprint of every seeded row. */
  async function snapshot() {
    const result: Record<string, string> = {};
    for (const table of TABLES) {
      const [row] = await selectRows<{ digest: string | null; rows: number }>(
        t.db,
        sql`select md5(string_agg(t::text, '|' order by t::text)) as digest, count(*)::int as rows from ${sql.identifier(table)} t`,
      );
      result[table] = `${row?.rows}:${row?.digest}`;
    }
    return result;
  }

  it('changes nothing when it runs again, even later', async () => {
    const before = await snapshot();
    await seedDemoData(t.db, t.storage, {
      now: new Date(Date.now() + 5 * 24 * 3_600_000),
      passwordHashing: t.config.passwordHashing,
    });
    expect(await snapshot()).toEqual(before);
  });

  it('creates the demo accounts, verifiable with Better Auth, with their profiles', async () => {
    const rows = await t.db
      .select({
        email: user.email,
        password: account.password,
        providerId: account.providerId,
        role: profiles.role,
        kycStatus: profiles.kycStatus,
        isAdmin: profiles.isAdmin,
        step: onboardingStatus.currentStep,
      })
      .from(user)
      .innerJoin(account, eq(account.userId, user.id))
      .innerJoin(profiles, eq(profiles.id, user.id))
      .innerJoin(onboardingStatus, eq(onboardingStatus.userId, user.id));
    const byEmail = Object.fromEntries(rows.map((row) => [row.email, row]));
    expect(byEmail['admin@tradeops.demo']).toMatchObject({ isAdmin: true, kycStatus: 'approved' });
    expect(byEmail['comprador@tradeops.demo']).toMatchObject({ role: 'buyer', kycStatus: 'approved', step: 4 });
    expect(byEmail['vendedor@tradeops.demo']).toMatchObject({ role: 'seller', kycStatus: 'approved' });
    expect(byEmail['pendiente@tradeops.demo']).toMatchObject({ kycStatus: 'pending', step: 2 });
    expect(byEmail['importadora.andina@tradeops.demo']).toMatchObject({ role: 'buyer', kycStatus: 'approved' });
    const { verify } = passwordHasher(t.config.passwordHashing);
    for (const row of rows) {
      expect(row.providerId).toBe('credential');
      expect(await verify({ hash: row.password ?? '', password: DEMO_PASSWORD })).toBe(true);
    }
    expect(await verify({ hash: rows[0]?.password ?? '', password: 'wrong-password' })).toBe(false);
  });

  it('has the KYC-pending company upload its five documents, real files of allowed types, so the review queue is not empty', async () => {
    const admin = await signIn(t, 'admin@tradeops.demo');
    const queue = await t.app.inject({ method: 'GET', url: '/api/admin/kyc/users', headers: admin });
    expect(queue.statusCode).toBe(200);
    const pending = (queue.json() as { items: KycReviewUser[] }).items.find(
      (entry) => entry.email === 'pendiente@tradeops.demo',
    );
    expect(pending?.companyName).toBe('Agroimport Andina S.A.S.');
    expect(pending?.waitingSince).not.toBeNull();
    expect(pending?.documents.map((d) => [d.documentType, d.status])).toEqual(
      KYC_DOCUMENT_TYPE_LIST.map((type) => [type, 'uploaded']),
    );
    for (const document of pending?.documents ?? []) {
      const file = await t.app.inject({
        method: 'GET',
        url: `/api/kyc/documents/${document.id}/file?revision=${document.revision}`,
        headers: admin,
      });
      expect(file.statusCode, document.documentType).toBe(200);
      expect(file.rawPayload.length).toBe(document.sizeBytes);
      const type = detectFileType(file.rawPayload);
      expect(type && isAllowedFileType(document.documentType, type), document.documentType).toBe(true);
    }
    // The company itself sees them uploaded: nothing is missing, the review is under way.
    const own = await t.app.inject({
      method: 'GET',
      url: '/api/kyc',
      headers: await signIn(t, 'pendiente@tradeops.demo'),
    });
    expect((own.json() as { documents: { status: string }[] }).documents.every((d) => d.status === 'uploaded')).toBe(
      true,
    );
  });

  it('seeds the featured deal with its figures: 25 t at $4,300, 10 allocated, 15 available, 2 participants', async () => {
    const [featured] = await t.db
      .select()
      .from(operations)
      .where(eq(operations.id, demoOperationId(FEATURED_OPERATION_KEY)));
    expect(featured).toMatchObject({
      isFeatured: true,
      title: 'Leche en polvo regular',
      titleEn: 'Regular milk powder',
      productName: 'Milk Powder',
      productCategory: 'dairy',
      type: 'import',
      originCountry: 'UY',
      destinationCountry: 'VE',
      arrivalPort: 'La Guaira',
      specification: 'Regular 26% de materia grasa',
      totalTons: 25,
      allocatedTons: 10,
      lotStepTons: 5,
      minVolume: 5,
      maxPerParticipantTons: 25,
      containerTons: 25,
      pricePerTonCents: 430_000,
      totalPriceCents: 10_750_000,
      status: 'active',
      reviewStatus: 'approved',
      sellerId: demoUserId('vendedor'),
    });
    const daysLeft = ((featured?.deadline?.getTime() ?? 0) - Date.now()) / (24 * 3_600_000);
    expect(daysLeft).toBeGreaterThan(29.9);
    expect(daysLeft).toBeLessThanOrEqual(30);

    const participants = await t.db
      .select()
      .from(orders)
      .where(eq(orders.operationId, demoOperationId(FEATURED_OPERATION_KEY)));
    expect(participants).toHaveLength(2);
    expect(
      participants.every((p) => p.paymentStatus === 'confirmed' && p.volume === 5 && p.amountCents === 2_150_000),
    ).toBe(true);

    const roles = await t.db
      .select({ role: operationPartners.role, kind: partners.kind })
      .from(operationPartners)
      .innerJoin(partners, eq(partners.id, operationPartners.partnerId))
      .where(eq(operationPartners.operationId, demoOperationId(FEATURED_OPERATION_KEY)));
    expect(Object.fromEntries(roles.map((r) => [r.role, r.kind]))).toEqual({
      manager: 'trading',
      money_arbitrage: 'brokerage',
      shipping: 'shipping',
      logistics: 'trading',
    });
  });

  it('holds the two confirmed payments in the operation escrow account', async () => {
    const [escrow] = await selectRows<{ balance: number }>(
      t.db,
      sql`select coalesce(sum(${ledgerEntries.amountCents}), 0)::float8 as balance from ${ledgerEntries}
          where ${ledgerEntries.account} = ${`escrow:${demoOperationId(FEATURED_OPERATION_KEY)}`}`,
    );
    expect(escrow?.balance).toBe(4_300_000);
  });

  it('seeds no full deal with every ton paid that is not funded or later (issue 14)', async () => {
    const rows = await selectRows<{ id: string; status: OperationStatus; unpaid: number }>(
      t.db,
      sql`select o.id, o.status, (select count(*) from ${orders} p
            where p.operation_id = o.id and p.status = 'active' and p.payment_status <> 'confirmed')::int as unpaid
          from ${operations} o where o.allocated_tons = o.total_tons`,
    );
    for (const row of rows.filter((r) => r.unpaid === 0)) expect(hasReached(row.status, 'funded'), row.id).toBe(true);
    const [{ status } = { status: null }] = await t.db
      .select({ status: operations.status })
      .from(operations)
      .where(eq(operations.id, demoOperationId(FEATURED_OPERATION_KEY)));
    expect(status).toBe('active');
  });

  it('stores the specification sheet in the specs bucket and links it from the featured deal', async () => {
    const [spec] = await t.db.select().from(productSpecs).where(eq(productSpecs.productName, 'Milk Powder'));
    expect(spec).toMatchObject({ version: '2.1', mimeType: 'application/pdf', fileKey: MILK_POWDER_SPEC.fileKey });
    const [featured] = await t.db
      .select({ productSpecId: operations.productSpecId })
      .from(operations)
      .where(eq(operations.id, demoOperationId(FEATURED_OPERATION_KEY)));
    expect(featured?.productSpecId).toBe(spec?.id);
    const stored = await t.storage.get('specs', MILK_POWDER_SPEC.fileKey);
    expect(stored?.meta).toMatchObject({ contentType: 'application/pdf', size: spec?.sizeBytes });
    expect((await text(stored!.stream)).startsWith('%PDF-')).toBe(true);
  });

  it('fills the dashboard views', async () => {
    const [buyer] = await t.db
      .select()
      .from(buyerKpis)
      .where(eq(buyerKpis.userId, demoUserId('comprador')));
    expect(buyer).toEqual({ userId: demoUserId('comprador'), activeOps: 1, totalVolume: 5, completedOps: 0 });
    const [newcomer] = await t.db
      .select()
      .from(buyerKpis)
      .where(eq(buyerKpis.userId, demoUserId('pendiente')));
    expect(newcomer).toMatchObject({ activeOps: 0, totalVolume: 0, completedOps: 0 });

    const [seller] = await t.db
      .select()
      .from(sellerKpis)
      .where(eq(sellerKpis.sellerId, demoUserId('vendedor')));
    expect(seller?.activeOffers).toBeGreaterThanOrEqual(4);
    expect(seller?.completedOffers).toBe(0);

    const queue = await t.db.select().from(adminOfferReview);
    expect(queue.length).toBeGreaterThanOrEqual(1);
    expect(queue.every((row) => row.sellerEmail === 'vendedor@tradeops.demo')).toBe(true);
    expect(queue[0]).toMatchObject({ sellerName: 'Comercializadora Rioplatense S.A.' });
    expect(typeof queue[0]?.priceUsd).toBe('number');
  });
});
