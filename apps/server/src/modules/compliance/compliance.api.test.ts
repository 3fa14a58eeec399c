import { randomUUID } from 'node:crypto';
import {
  KYC_DOCUMENT_TYPE_LIST,
  TERMS_VERSION,
  type ComplianceCasesResponse,
  type SanctionsListsResponse,
} from '@tradeops/shared';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  complianceCases,
  ledgerTransfers,
  orders,
  profiles,
  rescreenRuns,
  sanctionsLists,
  screenings,
  userDocuments,
} from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, placeOrder, requestOrder } from '../../test/deals';
import { type TestApp, signIn, signUpCompany, createTestAppAsAdmin } from '../../test/test-app';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DEMO_ADMIN } from '../../test/callers';
import { recordDeposit } from '../escrow/escrow.service';
import { cancelOperation } from '../lifecycle/lifecycle.service';
import { placeOrder as placeOrderDirectly } from '../orders/place-order.service';
import { rescreenCompanies } from './rescreen.service';
import { loadSanctionsList } from './sanctions-lists.service';

/**
 * AML screening over HTTP on a seeded database (the three shipped excerpts are the lists in
 * force): screening at sign-up, the KYC approval waiting for a decided case, a list load that
 * re-screens every company and opens cases, confirmed hits stopping orders and escrow.
 */

let t: TestApp;
let admin: Record<string, string>;

beforeAll(async () => ({ t, admin } = await createTestAppAsAdmin()));
afterAll(async () => t.close());

async function signUp(companyName: string, fullName = 'Ana Pérez', country = 'VE') {
  const company = await signUpCompany(t);
  // signUpCompany signs up a clean company; this one's data is what the test screens.
  const response = await t.app.inject({
    method: 'PUT',
    url: '/api/account/profile',
    headers: company.headers,
    payload: { companyName, fullName, country },
  });
  expect(response.statusCode, response.body).toBe(200);
  return company;
}

async function casesOf(userId: string) {
  return t.db.select().from(complianceCases).where(eq(complianceCases.profileId, userId));
}

async function standingOf(userId: string) {
  const [row] = await t.db.select({ status: profiles.complianceStatus }).from(profiles).where(eq(profiles.id, userId));
  return row?.status;
}

async function verifyAllDocuments(userId: string) {
  await t.db.insert(userDocuments).values(
    KYC_DOCUMENT_TYPE_LIST.map((documentType) => ({
      userId,
      documentType,
      fileName: `${documentType}.pdf`,
      storageKey: `${userId}/${documentType}/x.pdf`,
      mimeType: 'application/pdf',
      sizeBytes: 1,
      status: 'verified' as const,
      uploadedAt: new Date(),
      reviewedAt: new Date(),
    })),
  );
}

async function revisionOf(userId: string) {
  const [row] = await t.db.select({ revision: profiles.kycRevision }).from(profiles).where(eq(profiles.id, userId));
  return row!.revision;
}

function decide(caseId: string, decision: 'clear' | 'confirm', reason = 'Revisado contra la entrada publicada') {
  return t.app.inject({
    method: 'POST',
    url: `/api/admin/compliance/cases/${caseId}/decision`,
    headers: admin,
    payload: { decision, reason },
  });
}

describe('the lists in force', () => {
  it('are the three shipped excerpts, each a version with its source, date and entry count', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/compliance/lists', headers: admin });
    expect(response.statusCode).toBe(200);
    const active = (response.json() as SanctionsListsResponse).lists.filter((list) => list.status === 'active');
    expect(active.map((list) => [list.source, list.entryCount]).sort()).toEqual([
      ['eu_consolidated', 8],
      ['ofac_sdn', 34],
      ['un_consolidated', 23],
    ]);
    expect(active.find((list) => list.source === 'un_consolidated')?.publishedAt).toBe('2026-02-27T00:00:09.554Z');
  });
});

describe('a sanctioned company signing up', () => {
  it('is screened at sign-up and on its name change, and cannot be approved until its case is decided', async () => {
    const company = await signUp('Petróleos de Venezuela, S.A.');
    const [opened] = await casesOf(company.userId);
    expect(opened).toMatchObject({
      status: 'open',
      subject: 'company',
      entryKey: 'ofac_sdn:26367',
      entry: { name: 'PETROLEOS DE VENEZUELA, S.A.', programs: ['VENEZUELA-EO13850'] },
    });
    expect(opened!.score).toBeGreaterThanOrEqual(0.9);
    const audited = await t.db.select().from(screenings).where(eq(screenings.profileId, company.userId));
    expect(audited.map((row) => row.trigger).sort()).toEqual(['company_change', 'signup']);
    const change = audited.find((row) => row.trigger === 'company_change')!;
    expect(change).toMatchObject({ decision: 'review', actorId: company.userId, threshold: 0.9 });
    expect(change.listVersions.map((version) => version.source).sort()).toEqual([
      'eu_consolidated',
      'ofac_sdn',
      'un_consolidated',
    ]);
    expect(change.matches[0]).toMatchObject({ ref: '26367', caseId: opened!.id, caseStatus: 'open' });
    expect(await standingOf(company.userId)).toBe('review');

    await verifyAllDocuments(company.userId);
    const revision = await revisionOf(company.userId);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: { ...admin, 'accept-language': 'en' },
      payload: { revision },
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('KYC_SCREENING_UNRESOLVED');

    expect((await decide(opened!.id, 'clear', 'Homónimo: RIF distinto, verificado')).statusCode).toBe(200);
    expect(await standingOf(company.userId)).toBe('clear');
    const approved = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: admin,
      payload: { revision },
    });
    expect(approved.statusCode, approved.body).toBe(200);
    // A cleared match stays cleared for the same name: screening it again opens nothing new.
    expect(await casesOf(company.userId)).toHaveLength(1);
  });

  it('cannot be approved once its hit is confirmed, and a decided case cannot be decided again', async () => {
    const company = await signUp('PDVSA');
    const [opened] = await casesOf(company.userId);
    expect((await decide(opened!.id, 'confirm', 'Coincide con la entrada 26367 de la SDN')).statusCode).toBe(200);
    expect((await decide(opened!.id, 'clear')).statusCode).toBe(409);
    await verifyAllDocuments(company.userId);
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: admin,
      payload: { revision: await revisionOf(company.userId) },
    });
    expect(refused.json().error.code).toBe('KYC_SCREENING_CONFIRMED');
    expect(await standingOf(company.userId)).toBe('blocked');
  });

  it('leaves a clean company clear, screened and audited', async () => {
    const company = await signUp('Lácteos del Sur S.A.', 'Ana Pérez', 'AR');
    expect(await casesOf(company.userId)).toEqual([]);
    expect(await standingOf(company.userId)).toBe('clear');
    const [row] = await t.db.select().from(screenings).where(eq(screenings.profileId, company.userId)).limit(1);
    expect(row).toMatchObject({ decision: 'clear', matches: [] });
  });
});

describe('the screening queue', () => {
  it('lists open cases with the matched entry, program and score; answers 400 to a decision without a reason', async () => {
    const company = await signUp('Banco Nacional de Cuba');
    const response = await t.app.inject({ method: 'GET', url: '/api/admin/compliance/cases', headers: admin });
    const page = response.json() as ComplianceCasesResponse;
    const item = page.items.find((row) => row.profileId === company.userId)!;
    expect(item).toMatchObject({
      status: 'open',
      entry: { source: 'ofac_sdn', programs: ['CUBA'] },
      companyStatus: 'review',
    });
    const bad = await t.app.inject({
      method: 'POST',
      url: `/api/admin/compliance/cases/${item.id}/decision`,
      headers: admin,
      payload: { decision: 'clear', reason: ' ' },
    });
    expect(bad.statusCode).toBe(400);
    const buyer = await t.app.inject({
      method: 'GET',
      url: '/api/admin/compliance/cases',
      headers: await signIn(t, 'comprador@tradeops.demo'),
    });
    expect(buyer.statusCode).toBe(403);
  });
});

describe('a company on hold', () => {
  it('cannot order, and hears a neutral message in its language that never names the list entry', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'held');
    const operation = await createOpenOperation(t.db);
    await t.db.update(profiles).set({ complianceStatus: 'blocked' }).where(eq(profiles.id, buyer!.userId));
    for (const [language, text] of [
      ['es', 'Tu cuenta no puede hacer nuevos pedidos ni ofertas en este momento.'],
      ['en', "Your account can't place new orders or offers right now."],
    ] as const) {
      const response = await requestOrder(t.app, { ...buyer!.headers, 'accept-language': language }, operation.id, {
        volume: 5,
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().error).toMatchObject({ code: 'COMPLIANCE_HOLD', message: expect.stringContaining(text) });
    }
    const rows = await t.db.select().from(orders).where(eq(orders.operationId, operation.id));
    expect(rows).toEqual([]);
  });

  it('as a seller makes its operations unavailable to buyers, and holds its escrow when a deal is cancelled', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'payer');
    const operation = await createOpenOperation(t.db);
    const order = await placeOrder(t.app, buyer!.headers, operation.id, 5);
    await t.db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentStatus: 'confirmed' }).where(eq(orders.id, order.id));
      await recordDeposit(tx, order.id, null);
    });
    const seller = demoUserId('vendedor');
    await t.db.update(profiles).set({ complianceStatus: 'blocked' }).where(eq(profiles.id, seller));
    try {
      const [other] = await createApprovedBuyers(t, 1, 'other');
      const refused = await requestOrder(t.app, other!.headers, operation.id, { volume: 5 });
      expect(refused.json().error.code).toBe('OPERATION_UNAVAILABLE');
      const cancel = await t.app.inject({
        method: 'POST',
        url: `/api/admin/operations/${operation.id}/cancel`,
        headers: admin,
        payload: { reason: 'Prueba de retención' },
      });
      expect(cancel.statusCode, cancel.body).toBe(409);
      expect(cancel.json().error.code).toBe('ESCROW_ON_HOLD');
      const transfers = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.operationId, operation.id));
      expect(transfers.map((transfer) => transfer.kind)).toEqual(['deposit']);
    } finally {
      await t.db.update(profiles).set({ complianceStatus: 'clear' }).where(eq(profiles.id, seller));
    }
  });
});

/** A real-format OFAC CSV trio with one new designation (a list version published after the excerpt). */
function newOfacVersion(name: string): { sdn: Buffer; alt: Buffer; add: Buffer } {
  const sdn = `99001,"${name}",-0- ,"SDNTK",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,"R.F.C. ACR-990101-AB1 (Mexico)."\r\n\u001a`;
  return {
    sdn: Buffer.from(sdn),
    alt: Buffer.from(`99001,99101,"aka","AGRO RIVAS",-0- \r\n\u001a`),
    add: Buffer.from(`99001,99201,-0- ,"Culiacan, Sinaloa","Mexico",-0- \r\n\u001a`),
  };
}

function multipart(fields: Record<string, string>, files: Record<string, { name: string; bytes: Buffer }>) {
  const boundary = `----tradeops${randomUUID()}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(files)) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

describe('loading a new list version', () => {
  it('refuses a file that is not the list, and loads one that is, re-screening every company and opening cases', async () => {
    const company = await signUp('Agroindustrias Rivas Cordero S.A. de C.V.', 'Luis Rivas', 'MX');
    expect(await casesOf(company.userId)).toEqual([]);

    const wrong = multipart({ source: 'ofac_sdn' }, { sdn: { name: 'sdn.csv', bytes: Buffer.from('<html></html>') } });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/admin/compliance/lists',
      headers: { ...admin, 'content-type': wrong.contentType },
      payload: wrong.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('SANCTIONS_LIST_INVALID');

    const files = newOfacVersion('AGROINDUSTRIAS RIVAS CORDERO, S.A. DE C.V.');
    const upload = multipart(
      { source: 'ofac_sdn' },
      {
        sdn: { name: 'sdn.csv', bytes: files.sdn },
        alt: { name: 'alt.csv', bytes: files.alt },
        add: { name: 'add.csv', bytes: files.add },
      },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/compliance/lists',
      headers: { ...admin, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(response.statusCode, response.body).toBe(202);
    const listId = (response.json() as { list: { id: string; status: string } }).list.id;

    // The load job, then the re-screening job it queued (jobs are run by hand in tests).
    await loadSanctionsList({ db: t.db, storage: t.storage, jobs: t.app.jobs, log: t.app.log }, listId);
    const versions = await t.db.select().from(sanctionsLists).where(eq(sanctionsLists.source, 'ofac_sdn'));
    expect(versions.find((row) => row.id === listId)).toMatchObject({ status: 'active', entryCount: 1, aliasCount: 1 });
    expect(versions.filter((row) => row.status === 'active')).toHaveLength(1);
    const [run] = await t.db.select().from(rescreenRuns).where(eq(rescreenRuns.listId, listId));
    await rescreenCompanies(t.db, run!.id);

    const [finished] = await t.db.select().from(rescreenRuns).where(eq(rescreenRuns.id, run!.id));
    const [{ companies }] = (await t.db
      .select({ companies: sql<number>`count(*)::int` })
      .from(profiles)
      .where(sql`not ${profiles.isAdmin} and not ${profiles.isStaff}`)) as [{ companies: number }];
    expect(finished).toMatchObject({ status: 'done', total: companies, screened: companies });
    expect(finished!.casesOpened).toBeGreaterThanOrEqual(1);
    const [opened] = await casesOf(company.userId);
    expect(opened).toMatchObject({ status: 'open', entryKey: 'ofac_sdn:99001' });
    expect(await standingOf(company.userId)).toBe('review');
    const [screening] = await t.db
      .select()
      .from(screenings)
      .where(and(eq(screenings.profileId, company.userId), eq(screenings.trigger, 'list_load')));
    expect(screening!.listVersions.find((version) => version.source === 'ofac_sdn')?.id).toBe(listId);

    // A second delivery of the job changes nothing.
    await rescreenCompanies(t.db, run!.id);
    expect(await casesOf(company.userId)).toHaveLength(1);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('a confirmation racing orders and payouts (PostgreSQL)', () => {
  /**
   * The confirmation's transaction holds the profile's row (it updates the standing) while orders
   * and a cancellation arrive: each waits for it on the share lock and, once it commits, reads the
   * new standing. Without the lock they would read the committed 'clear' and go through.
   */
  it('stops every order and the refund that arrive while the confirmation commits', async () => {
    const buyers = await createApprovedBuyers(t, 6, 'race');
    const operation = await createOpenOperation(t.db, { totalTons: 100, maxPerParticipantTons: 20 });
    const depositor = buyers[0]!;
    const order = await placeOrder(t.app, depositor.headers, operation.id, 5);
    await t.db.transaction(async (tx) => {
      await tx.update(orders).set({ paymentStatus: 'confirmed' }).where(eq(orders.id, order.id));
      await recordDeposit(tx, order.id, null);
    });
    const client = new pg.Client({ connectionString: t.config.databaseUrl! });
    // Another session watches: pg_stat_activity is a snapshot that stays put inside a transaction.
    const observer = new pg.Client({ connectionString: t.config.databaseUrl! });
    await Promise.all([client.connect(), observer.connect()]);
    try {
      await client.query('begin');
      await client.query(`update profiles set compliance_status = 'blocked' where id = $1`, [demoUserId('vendedor')]);
      // The services in this process, as the routes call them.
      const orders = buyers.slice(1).map((buyer) =>
        placeOrderDirectly(t.db, { user: { id: buyer.userId } } as AuthContext, operation.id, {
          volume: 5,
          paymentMethod: 'wire',
          idempotencyKey: randomUUID(),
          termsVersion: TERMS_VERSION,
        }).then(
          () => 'ORDERED',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        ),
      );
      const cancel = cancelOperation(t.db, DEMO_ADMIN as AuthContext, operation.id, 'Carrera de prueba').then(
        () => 'CANCELLED',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
      // The orders, placed together by the order desk in one transaction, and the cancellation each reach
      // a lock (the seller's profile, or the operation's row behind it) and wait.
      await expect.poll(() => lockWaiters(observer), { timeout: 20_000, interval: 20 }).toBeGreaterThanOrEqual(2);
      await client.query('commit');
      expect(await Promise.all(orders)).toEqual(
        Array.from({ length: buyers.length - 1 }, () => 'OPERATION_UNAVAILABLE'),
      );
      expect(await cancel).toBe('ESCROW_ON_HOLD');
      const transfers = await t.db.select().from(ledgerTransfers).where(eq(ledgerTransfers.operationId, operation.id));
      expect(transfers.map((transfer) => transfer.kind)).toEqual(['deposit']);
    } finally {
      await client.query('rollback').catch(() => undefined);
      await client.query(`update profiles set compliance_status = 'clear' where id = $1`, [demoUserId('vendedor')]);
      await Promise.all([client.end(), observer.end()]);
    }
  });
});

/** How many sessions of this database wait on a lock. */
async function lockWaiters(client: pg.Client): Promise<number> {
  const { rows } = await client.query<{ n: number }>(
    `select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()`,
  );
  return rows[0]?.n ?? 0;
}
