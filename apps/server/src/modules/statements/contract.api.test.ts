import { ZContractSnapshot, operationReference } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations, orders } from '../../db/schema';
import { createOpenOperation, placeOrder, testTradeTerms } from '../../test/deals';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { contractHash } from './contract.service';

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

/**
 * An order's pro-forma invoice and sales contract (issue 28): recorded with the order as a copy of
 * the deal's terms, price and parties, with its version and hash; drawn from that copy as a PDF in
 * the reader's language for the buyer, the deal's seller and admins only.
 */
describe('the contract of an order', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  let otherBuyer: Record<string, string>;
  let seller: Record<string, string>;
  let admin: Record<string, string>;
  let operation: typeof operations.$inferSelect;
  let orderId: string;

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signIn(t, 'comprador@tradeops.demo');
    otherBuyer = await signIn(t, 'importadora.andina@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
    admin = await signIn(t, 'admin@tradeops.demo');
    operation = await createOpenOperation(t.db, {
      tradeTerms: testTradeTerms({ inspectionBody: 'SGS Venezuela', quantityTolerancePercent: 3 }),
    });
    orderId = (await placeOrder(t.app, buyer, operation.id, 5)).id;
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('records what the buyer accepted: the terms, tons, price and parties, its version and hash', async () => {
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const snapshot = ZContractSnapshot.parse(row!.contractTerms);
    expect(row!.contractVersion).toBe(1);
    expect(row!.contractHash).toBe(contractHash(snapshot));
    expect(snapshot).toMatchObject({
      operation_reference: operationReference(operation.referenceNumber),
      volume: 5,
      price_per_ton_cents: 100_000,
      amount_cents: 500_000,
      trade_terms: { incoterm: 'CIF', namedPlace: 'La Guaira', inspectionBody: 'SGS Venezuela' },
      buyer: { legal_name: expect.any(String), tax_id: expect.any(String) },
      seller: { legal_name: expect.any(String), tax_id: expect.any(String) },
    });
  });

  it('draws the PDF in the reader’s language from the copy, not from the deal as edited since', async () => {
    // The deal's terms change after the order: the signed contract does not.
    await t.db
      .update(operations)
      .set({ tradeTerms: testTradeTerms({ incoterm: 'FOB', namedPlace: 'Montevideo', insurancePayer: 'buyer' }) })
      .where(eq(operations.id, operation.id));
    const spanish = await get(`/api/orders/${orderId}/contract.pdf?lang=es`, buyer);
    expect(spanish.statusCode, spanish.body).toBe(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    const number = `${operationReference(operation.referenceNumber)}-C1`;
    expect(spanish.headers['content-disposition']).toContain(`tradeops-${number}.pdf`);
    const es = await pdfText(spanish.rawPayload);
    for (const text of [
      'Factura proforma y contrato de compraventa',
      number,
      'CIF La Guaira',
      'SGS Venezuela',
      '±3 %',
      'A cargo del vendedor, 110 % del valor',
      '5 t',
      'Comercializadora Rioplatense S.A.',
    ]) {
      expect(es).toContain(text);
    }
    expect(es).not.toContain('Montevideo');
    const english = await get(`/api/orders/${orderId}/contract.pdf?lang=en`, seller);
    expect(english.statusCode).toBe(200);
    const en = await pdfText(english.rawPayload);
    expect(en).toContain('Pro-forma invoice and sales contract');
    expect(en).toContain('Bought by the seller, 110 % of the value');
  });

  it('lets the buyer, the seller and admins download it; anyone else is told it does not exist', async () => {
    expect((await get(`/api/orders/${orderId}/contract.pdf`, admin)).statusCode).toBe(200);
    const stranger = await get(`/api/orders/${orderId}/contract.pdf`, otherBuyer);
    expect(stranger.statusCode).toBe(404);
    expect((await get(`/api/orders/${orderId}/contract.pdf`, {})).statusCode).toBe(401);
  });

  it('answers 404 for an order placed before contracts', async () => {
    await t.db
      .update(orders)
      .set({ contractVersion: null, contractTerms: null, contractHash: null })
      .where(eq(orders.id, orderId));
    const old = await get(`/api/orders/${orderId}/contract.pdf`, buyer);
    expect(old.statusCode).toBe(404);
    expect(old.json().error.code).toBe('CONTRACT_NOT_FOUND');
  });
});
