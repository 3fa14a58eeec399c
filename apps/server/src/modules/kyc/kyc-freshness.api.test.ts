import { DAY_MS } from '@tradeops/shared';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailOutbox, notifications, orders, profiles, userDocuments } from '../../db/schema';
import { createApprovedBuyers } from '../../test/buyers';
import { createOpenOperation, requestOrder } from '../../test/deals';
import { JPEG_BYTES, PDF_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn, signUpCompany } from '../../test/test-app';
import { sendKycRenewalReminders } from './kyc-renewal.service';

/**
 * KYC freshness: document dates (a proof of address older than 3 months or an expired document
 * is refused), the approval lapsing after the renewal period (new orders stop, with a message in
 * both languages) and the reminders 30 and 7 days before.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

function isoDay(offsetDays: number, from = new Date()): string {
  return new Date(from.getTime() + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

function uploadWithDates(
  headers: Record<string, string>,
  type: string,
  name: string,
  bytes: Buffer,
  fields: Record<string, string>,
) {
  const boundary = '----tradeops-dates';
  const texts = Object.entries(fields).map(
    ([field, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${value}\r\n`,
  );
  const payload = Buffer.concat([
    Buffer.from(texts.join('')),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/kyc/documents/${type}`,
    headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload,
  });
}

describe('document dates', () => {
  it('refuse a proof of address issued more than three months ago and an expired identity document', async () => {
    const company = await signUpCompany(t);
    const old = await uploadWithDates(
      { ...company.headers, 'accept-language': 'es' },
      'proof_address',
      'recibo.jpg',
      JPEG_BYTES,
      { issuedOn: isoDay(-100) },
    );
    expect(old.statusCode).toBe(400);
    expect(old.json().error.fields).toEqual({
      issuedOn: 'El comprobante de domicilio debe tener como máximo 3 meses.',
    });
    const expired = await uploadWithDates(company.headers, 'government_id', 'cedula.pdf', PDF_BYTES, {
      issuedOn: isoDay(-4000),
      expiresOn: isoDay(-1),
    });
    expect(expired.statusCode).toBe(400);
    const fresh = await uploadWithDates(company.headers, 'proof_address', 'recibo.jpg', JPEG_BYTES, {
      issuedOn: isoDay(-20),
    });
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(fresh.json().document).toMatchObject({ issuedOn: isoDay(-20), status: 'uploaded' });
    const rows = await t.db.select().from(userDocuments).where(eq(userDocuments.userId, company.userId));
    expect(rows.map((row) => row.documentType)).toEqual(['proof_address']);
  });
});

describe('a lapsed KYC', () => {
  it('blocks a new order with its message in both languages, until renewed', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'lapsed');
    const operation = await createOpenOperation(t.db);
    const lapsedOn = new Date(Date.now() - 2 * DAY_MS);
    await t.db.update(profiles).set({ kycExpiresAt: lapsedOn }).where(eq(profiles.id, buyer!.userId));
    const spanish = await requestOrder(t.app, { ...buyer!.headers, 'accept-language': 'es' }, operation.id, {
      volume: 5,
    });
    expect(spanish.statusCode).toBe(403);
    expect(spanish.json().error.code).toBe('KYC_EXPIRED');
    expect(spanish.json().error.message).toMatch(
      /^Tu verificación KYC venció el .+\. Renuévala para hacer nuevos pedidos u ofertas/,
    );
    const english = await requestOrder(t.app, { ...buyer!.headers, 'accept-language': 'en' }, operation.id, {
      volume: 5,
    });
    expect(english.json().error.message).toMatch(
      /^Your KYC verification expired on .+\. Renew it to place new orders or offers/,
    );
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer!.userId))).toEqual([]);

    const status = await t.app.inject({ method: 'GET', url: '/api/kyc', headers: buyer!.headers });
    expect(status.json()).toMatchObject({ kycRenewal: 'expired', kycExpiresAt: lapsedOn.toISOString() });

    // Renewed: a new approval sets the next expiry and orders go through again.
    await t.db
      .update(profiles)
      .set({ kycExpiresAt: new Date(Date.now() + 365 * DAY_MS) })
      .where(eq(profiles.id, buyer!.userId));
    const again = await requestOrder(t.app, buyer!.headers, operation.id, { volume: 5 });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('is reminded 30 and 7 days before, once each, in the bell and by e-mail', async () => {
    const [buyer] = await createApprovedBuyers(t, 1, 'reminded');
    const now = new Date();
    await t.db
      .update(profiles)
      .set({ kycExpiresAt: new Date(now.getTime() + 29 * DAY_MS) })
      .where(eq(profiles.id, buyer!.userId));
    await sendKycRenewalReminders(t.db, now);
    await sendKycRenewalReminders(t.db, now);
    const later = new Date(now.getTime() + 23 * DAY_MS);
    await sendKycRenewalReminders(t.db, later);
    await sendKycRenewalReminders(t.db, later);
    const bell = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, buyer!.userId), eq(notifications.type, 'kyc.renewal_due')));
    expect(bell.map((row) => row.data.days)).toEqual([30, 7]);
    const mails = await t.db.select().from(emailOutbox).where(eq(emailOutbox.to, buyer!.email));
    expect(mails.filter((mail) => mail.kind === 'kyc.renewal_due')).toHaveLength(2);
  });
});

describe('the KYC approval', () => {
  it('sets the expiry from the renewal setting, capped by the identity document’s expiry', async () => {
    const admin = await signIn(t, 'admin@tradeops.demo');
    const company = await signUpCompany(t);
    const idExpiry = isoDay(200);
    await t.db.insert(userDocuments).values(
      (['government_id', 'incorporation_cert', 'proof_address', 'bank_reference', 'tax_certificate'] as const).map(
        (documentType) => ({
          userId: company.userId,
          documentType,
          fileName: 'x.pdf',
          storageKey: `${company.userId}/${documentType}/x.pdf`,
          mimeType: 'application/pdf',
          sizeBytes: 1,
          status: 'verified' as const,
          expiresOn: documentType === 'government_id' ? idExpiry : null,
        }),
      ),
    );
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.id, company.userId));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/admin/kyc/users/${company.userId}/approve`,
      headers: admin,
      payload: { revision: profile!.kycRevision },
    });
    expect(response.statusCode, response.body).toBe(200);
    const [approved] = await t.db.select().from(profiles).where(eq(profiles.id, company.userId));
    expect(approved!.kycExpiresAt?.toISOString().slice(0, 10)).toBe(idExpiry);
  });
});
