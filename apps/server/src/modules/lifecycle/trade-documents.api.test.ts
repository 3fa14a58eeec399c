import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, notifications, operationDocuments, operations, platformSettings } from '../../db/schema';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { BILL, daysAgo, fillOperation, recordStep, uploadDocument } from '../../test/lifecycle';
import { HTML_BYTES } from '../../test/kyc-files';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';

describe('trade documents: the checklist gates steps and the release', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let buyer: Record<string, string>;
  let seller: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await signIn(t, 'admin@tradeops.demo');
    buyer = await signIn(t, 'comprador@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
    // Retention 0 days: settlement right after a passed inspection.
    await t.db.update(platformSettings).set({ value: 0 }).where(eq(platformSettings.key, 'fund_retention_days'));
  });
  afterAll(async () => t.close());

  const statusOf = async (operationId: string) =>
    (await t.db.select().from(operations).where(eq(operations.id, operationId)))[0]!.status;

  it('refuses a step and the release while a document it needs is missing or rejected', async () => {
    // Mandarins (fruit): the default checklist asks for a phytosanitary certificate before arrival.
    await fillOperation(t, 'mandarins', { documents: false });
    const operationId = demoOperationId('mandarins');
    expect(
      (await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(5) })).statusCode,
    ).toBe(200);

    const departure = await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(4) }, BILL);
    expect(departure.statusCode).toBe(409);
    expect(departure.json().error).toMatchObject({ code: 'TRADE_DOCUMENT_MISSING' });
    // The message names the document, in the reader's language (Spanish by default).
    expect(departure.json().error.message).toContain('factura comercial');
    expect(await statusOf(operationId)).toBe('shipment_preparation');

    // The seller uploads its documents; a buyer may not, and a file that is no PDF is refused.
    expect((await uploadDocument(t, buyer, operationId, 'commercial_invoice')).statusCode).toBe(403);
    const html = await uploadDocument(t, seller, operationId, 'commercial_invoice', {
      name: 'invoice.pdf',
      bytes: HTML_BYTES,
    });
    expect(html.statusCode).toBeGreaterThanOrEqual(400);
    expect(html.statusCode).toBeLessThan(500);
    expect((await uploadDocument(t, seller, operationId, 'quality_certificate')).statusCode).toBe(403);
    expect((await uploadDocument(t, seller, operationId, 'health_certificate')).statusCode).toBe(409);
    expect((await uploadDocument(t, seller, operationId, 'commercial_invoice')).statusCode).toBe(200);
    expect((await uploadDocument(t, seller, operationId, 'packing_list')).statusCode).toBe(200);
    // The demo mandarins sell CIF: the seller insures, so its insurance certificate gates the departure too.
    const beforeInsurance = await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(4) }, BILL);
    expect(beforeInsurance.json().error).toMatchObject({ code: 'TRADE_DOCUMENT_MISSING' });
    expect((await uploadDocument(t, seller, operationId, 'insurance_certificate')).statusCode).toBe(200);
    expect((await recordStep(t, admin, operationId, 'departure', { occurredAt: daysAgo(4) }, BILL)).statusCode).toBe(
      200,
    );

    // Arrival: the departure's B/L counts; the certificate of origin and the phytosanitary one are missing.
    const arrival = await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(3) });
    expect(arrival.statusCode).toBe(409);
    expect(arrival.json().error).toMatchObject({ code: 'TRADE_DOCUMENT_MISSING' });
    expect(arrival.json().error.message).toContain('certificado de origen');
    expect((await uploadDocument(t, seller, operationId, 'certificate_of_origin')).statusCode).toBe(200);
    expect(
      (await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(3) })).json().error.message,
    ).toContain('certificado fitosanitario');
    expect((await uploadDocument(t, seller, operationId, 'phytosanitary_certificate')).statusCode).toBe(200);
    expect((await recordStep(t, admin, operationId, 'arrival', { occurredAt: daysAgo(3) })).statusCode).toBe(200);
    expect(
      (await recordStep(t, admin, operationId, 'inspection', { occurredAt: daysAgo(2), result: 'passed' }, BILL))
        .statusCode,
    ).toBe(200);

    // The release waits for the inspector's certificates (the preview answers the same).
    const settle = () =>
      t.app.inject({ method: 'POST', url: `/api/admin/operations/${operationId}/settle`, headers: admin });
    const noCertificates = await settle();
    expect(noCertificates.statusCode).toBe(409);
    expect(noCertificates.json().error.code).toBe('TRADE_DOCUMENT_MISSING');
    const preview = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/payout-preview`,
      headers: admin,
      payload: { action: 'settle' },
    });
    expect(preview.json().error?.code).toBe('TRADE_DOCUMENT_MISSING');
    expect((await uploadDocument(t, admin, operationId, 'quality_certificate')).statusCode).toBe(200);
    expect((await uploadDocument(t, admin, operationId, 'weight_certificate')).statusCode).toBe(200);

    // An admin rejects the weight certificate: buyers are told why, and the release is refused again.
    const reject = await t.app.inject({
      method: 'POST',
      url: `/api/admin/operations/${operationId}/documents/weight_certificate/reject`,
      headers: admin,
      payload: { reason: 'El peso no coincide con la lista de empaque' },
    });
    expect(reject.statusCode).toBe(200);
    const told = await t.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.userId, demoUserId('comprador')), eq(notifications.type, 'operation.document_rejected')),
      );
    expect(told).toHaveLength(1);
    expect(told[0]!.data).toMatchObject({
      document: 'weight_certificate',
      reason: 'El peso no coincide con la lista de empaque',
    });
    const rejected = await settle();
    expect(rejected.statusCode).toBe(409);
    expect(rejected.json().error.code).toBe('TRADE_DOCUMENT_REJECTED');
    expect(await statusOf(operationId)).toBe('inspected');

    // The buyer sees the checklist with the rejection and downloads a document; an outsider cannot.
    const list = await t.app.inject({ method: 'GET', url: `/api/operations/${operationId}/documents`, headers: buyer });
    expect(list.statusCode).toBe(200);
    const items = list.json().items as { kind: string; status: string | null; rejectionReason: string | null }[];
    expect(items.map((item) => item.kind)).toEqual([
      'commercial_invoice',
      'packing_list',
      'bill_of_lading',
      'certificate_of_origin',
      'phytosanitary_certificate',
      'quality_certificate',
      'weight_certificate',
      'insurance_certificate',
    ]);
    expect(items.find((item) => item.kind === 'weight_certificate')).toMatchObject({
      status: 'rejected',
      rejectionReason: 'El peso no coincide con la lista de empaque',
    });
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/operations/${operationId}/documents/bill_of_lading/file?download=1`,
      headers: buyer,
    });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    const outsider = await signIn(t, 'pendiente@tradeops.demo');
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/operations/${operationId}/documents/bill_of_lading/file`,
          headers: outsider,
        })
      ).statusCode,
    ).toBe(404);

    // Replaced, it counts again: the deal settles.
    expect((await uploadDocument(t, admin, operationId, 'weight_certificate')).statusCode).toBe(200);
    expect((await settle()).statusCode).toBe(200);
    expect(await statusOf(operationId)).toBe('settled');
  });

  it('takes the checklist from the admin setting per commodity and Incoterm, audited', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/document-checklists',
      headers: admin,
      payload: {
        templates: [
          {
            commodity: 'sugar',
            incoterm: null,
            documents: [{ kind: 'commercial_invoice', uploader: 'seller', gates: 'shipment_preparation' }],
          },
        ],
      },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().templates).toHaveLength(1);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.updated'), eq(auditLog.entityId, 'document_checklists')));
    expect(audit).toHaveLength(1);

    await fillOperation(t, 'refined-sugar', { documents: false });
    const operationId = demoOperationId('refined-sugar');
    const list = await t.app.inject({ method: 'GET', url: `/api/operations/${operationId}/documents`, headers: admin });
    expect((list.json().items as { kind: string }[]).map((item) => item.kind)).toEqual(['commercial_invoice']);
    const refused = await recordStep(t, admin, operationId, 'shipment_preparation', { occurredAt: daysAgo(1) });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('TRADE_DOCUMENT_MISSING');

    const duplicate = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/settings/document-checklists',
      headers: admin,
      payload: {
        templates: [
          { commodity: 'sugar', incoterm: 'cif', documents: [] },
          { commodity: 'sugar', incoterm: 'CIF', documents: [] },
        ],
      },
    });
    expect(duplicate.statusCode).toBe(400);
    const rows = await t.db.select().from(operationDocuments).where(eq(operationDocuments.operationId, operationId));
    expect(rows).toHaveLength(0);
  });
});
