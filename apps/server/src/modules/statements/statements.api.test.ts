import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoUserId } from '../../seed/demo-accounts';
import { demoOperationId } from '../../seed/demo-operations';
import { createOpenOperation } from '../../test/deals';
import { fillOperation } from '../../test/lifecycle';
import { type TestApp, createTestApp, signIn } from '../../test/test-app';
import { payOutOrder } from '../escrow/escrow.service';
import { getOperationLedger } from '../../test/ledger';
import { getHeldCents } from '../escrow/read-escrow.service';

async function pdfText(body: Buffer): Promise<string> {
  const document = await getDocumentProxy(new Uint8Array(body));
  const { text } = await extractText(document, { mergePages: true });
  return text;
}

describe('statements', () => {
  let t: TestApp;
  let buyer: Record<string, string>;
  let seller: Record<string, string>;
  let admin: Record<string, string>;
  let mine: string;
  let theirs: string;
  const operationId = demoOperationId('cocoa-liquor');

  beforeAll(async () => {
    t = await createTestApp();
    buyer = await signIn(t, 'comprador@tradeops.demo');
    seller = await signIn(t, 'vendedor@tradeops.demo');
    admin = await signIn(t, 'admin@tradeops.demo');
    const ids = await fillOperation(t, 'cocoa-liquor');
    mine = ids[0]!;
    theirs = ids[1]!;
    // comprador's order ends in a partial refund, the other buyer's in a full release (2 % fee each).
    await t.db.transaction((tx) => payOutOrder(tx, mine, { refundCents: 100_000, actorId: null }));
    await t.db.transaction((tx) => payOutOrder(tx, theirs, { refundCents: 0, actorId: null }));
  });
  afterAll(async () => t?.close());

  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });
  const sellerHeaders = () => seller;

  it('shows a buyer the deposit, release and refund of their own order, each with its ledger transfer', async () => {
    const response = await get(`/api/orders/${mine}/statement`, buyer);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    const ledger = await getOperationLedger(t.db, operationId);
    const deposit = ledger.find((transfer) => transfer.orderId === mine && transfer.kind === 'deposit')!;
    const payout = ledger.find((transfer) => transfer.orderId === mine && transfer.kind === 'release')!;
    const amount = statement.order.amountCents;
    expect(statement.movements).toEqual([
      { transferId: deposit.id, kind: 'deposit', amountCents: amount, createdAt: deposit.createdAt.toISOString() },
      {
        transferId: payout.id,
        kind: 'release',
        amountCents: amount - 100_000,
        createdAt: payout.createdAt.toISOString(),
      },
      { transferId: payout.id, kind: 'refund', amountCents: 100_000, createdAt: payout.createdAt.toISOString() },
    ]);
    expect(statement.heldCents).toBe(await getHeldCents(t.db, mine));
    expect(statement.escrowBank?.swift).toBeTruthy();
  });

  it('renders the statement as a PDF in the reader’s language: reference, amounts, bank and transfer ids', async () => {
    const statement = (await get(`/api/orders/${mine}/statement`, buyer)).json();
    const spanish = await get(`/api/orders/${mine}/statement.pdf`, buyer);
    expect(spanish.statusCode).toBe(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    expect(spanish.headers['content-disposition']).toEqual(
      expect.stringMatching(`^attachment; filename="?tradeops-${statement.statementNumber}.pdf"?`),
    );
    const text = await pdfText(spanish.rawPayload);
    expect(text).toContain('Estado de cuenta de escrow');
    expect(text).toContain(statement.order.paymentReference);
    expect(text).toContain('Depósito en escrow');
    expect(text).toContain('Reembolso a ti');
    expect(text).toContain(statement.escrowBank.accountNumber);
    for (const movement of statement.movements) expect(text).toContain(movement.transferId);
    expect(text).toContain('$1,000'); // the refund, es-419 money

    const english = await pdfText((await get(`/api/orders/${mine}/statement.pdf?lang=en`, buyer)).rawPayload);
    expect(english).toContain('Escrow statement');
    expect(english).toContain('Refund to you');
    expect(english).toContain(statement.order.paymentReference);
  });

  it('shows a seller each payout of their operation: gross, the platform fee and its rate, net', async () => {
    const response = await get(`/api/seller/operations/${operationId}/statement`, seller);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    expect(statement.payouts).toHaveLength(2);
    for (const payout of statement.payouts) {
      expect(payout.feeBps).toBe(200);
      expect(payout.feeCents).toBe(Math.floor((payout.grossCents * 200) / 10_000));
      expect(payout.netCents).toBe(payout.grossCents - payout.feeCents);
    }
    expect(statement.totals.netCents + statement.totals.feeCents).toBe(statement.totals.grossCents);
    expect(statement.currentFeeBps).toBe(200);

    const pdf = await get(`/api/seller/operations/${operationId}/statement.pdf?lang=es`, seller);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain('Liquidación de pagos al vendedor');
    expect(text).toContain('Comisión');
    expect(text).toContain('(2 %)');
    for (const payout of statement.payouts) {
      expect(text).toContain(payout.transferId);
      expect(text).toContain(payout.paymentReference);
    }
  });

  it('is a document a bank accepts: letterhead, a stable number, both parties with tax ids, product, tons, price per ton', async () => {
    const first = (await get(`/api/orders/${mine}/statement`, buyer)).json();
    const again = (await get(`/api/orders/${mine}/statement`, buyer)).json();
    // Deposit and payout: two ledger transfers; the same ledger prints the same number.
    expect(first.statementNumber).toBe(`${first.order.paymentReference}-E2`);
    expect(again.statementNumber).toBe(first.statementNumber);
    expect(first.issuer).toEqual({
      legalName: 'TradeOps Marketplace LLC',
      address: '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA',
      taxId: 'EIN 88-1234567',
    });
    expect(first.buyer).toEqual({
      legalName: 'Distribuidora Caribe Alimentos C.A.',
      taxId: 'J-40512876-3',
      country: 'VE',
    });
    expect(first.seller).toEqual({
      legalName: 'Comercializadora Rioplatense S.A.',
      taxId: '30-71234567-9',
      country: 'AR',
    });
    expect(first.order).toMatchObject({
      operationTitle: 'Licor de cacao',
      volume: 10,
      pricePerTonCents: 900_000,
      amountCents: 9_000_000,
    });
    expect(first.order.operationReference).toMatch(/^OP-\d{6}$/);
    const english = (await get(`/api/orders/${mine}/statement`, { ...buyer, 'accept-language': 'en' })).json();
    expect(english.order.operationTitle).toBe('Cocoa liquor');
    expect(english.statementNumber).toBe(first.statementNumber);

    const seller = (await get(`/api/seller/operations/${operationId}/statement`, sellerHeaders())).json();
    expect(seller.statementNumber).toBe(`${seller.operation.reference}-P2`);
    expect(seller.operation.reference).toBe(first.order.operationReference);
    expect(seller.seller).toEqual(first.seller);
    expect(seller.operation).toMatchObject({ totalTons: 20, pricePerTonCents: 900_000 });
    expect(seller.payouts.map((payout: { buyer: unknown; volume: number }) => [payout.buyer, payout.volume])).toEqual(
      expect.arrayContaining([
        [first.buyer, 10],
        [{ legalName: 'Importadora Andina C.A.', taxId: 'J-41098765-2', country: 'VE' }, 10],
      ]),
    );
  });

  it('prints the letterhead, the number, both parties and the dates in the reader’s time zone, naming it (es, en)', async () => {
    const statement = (await get(`/api/orders/${mine}/statement`, buyer)).json();
    const deposit = statement.movements[0];
    const spanish = await pdfText(
      (await get(`/api/orders/${mine}/statement.pdf?lang=es&tz=America/Caracas`, buyer)).rawPayload,
    );
    const caracas = (iso: string, locale: string) =>
      new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone: 'America/Caracas' })
        .format(new Date(iso))
        .replace(/[\u202F\u2009]/g, ' ');
    for (const text of [
      'TradeOps Marketplace LLC',
      '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA',
      'Identificación fiscal: EIN 88-1234567',
      'Estado de cuenta N.º',
      statement.statementNumber,
      'Comprador Distribuidora Caribe Alimentos C.A.\nIdentificación fiscal: J-40512876-3 · Venezuela',
      'Vendedor Comercializadora Rioplatense S.A.\nIdentificación fiscal: 30-71234567-9 · Argentina',
      'Producto Licor de cacao',
      'Volumen 10 t',
      'Precio por tonelada $9,000 por tonelada',
      'Importe $90,000',
      'Horas en America/Caracas (UTC-4)',
      `${caracas(deposit.createdAt, 'es-419')} (UTC-4)`,
      // The deal's trade terms (the cocoa liquor's demo terms: FOB La Guaira, insured by the buyer).
      'Condiciones comerciales',
      'Incoterm 2020 FOB La Guaira',
      'Entidad de inspección Bureau Veritas',
      `página 1 de 2`,
    ])
      expect(spanish, text).toContain(text);
    expect(spanish).not.toContain(' UTC ·');

    const english = await pdfText(
      (await get(`/api/orders/${mine}/statement.pdf?lang=en&tz=Asia/Kolkata`, buyer)).rawPayload,
    );
    for (const text of [
      'TradeOps Marketplace LLC',
      'Statement no.',
      statement.statementNumber,
      'Tax ID: J-40512876-3',
      'Price per ton $9,000 per ton',
      'Times in Asia/Kolkata (UTC+5:30)',
    ])
      expect(english, text).toContain(text);

    // Without a zone the times are in UTC, said so; an unknown zone is refused in the reader's language.
    const utc = await pdfText((await get(`/api/orders/${mine}/statement.pdf`, buyer)).rawPayload);
    expect(utc).toContain('Horas en UTC (UTC)');
    const unknown = await get(`/api/orders/${mine}/statement.pdf?tz=Mars/Olympus`, buyer);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields.tz).toBe('Valor no válido');

    const sellerPdf = await pdfText(
      (await get(`/api/seller/operations/${operationId}/statement.pdf?lang=en&tz=America/Montevideo`, sellerHeaders()))
        .rawPayload,
    );
    const sellerStatement = (await get(`/api/seller/operations/${operationId}/statement`, sellerHeaders())).json();
    for (const text of [
      'TradeOps Marketplace LLC',
      'Payout statement no.',
      sellerStatement.statementNumber,
      'Seller Comercializadora Rioplatense S.A.\nTax ID: 30-71234567-9 · Argentina',
      'Buyer: Importadora Andina C.A. · Tax ID: J-41098765-2 · Venezuela',
      'Price per ton $9,000 per ton',
      'Times in America/Montevideo (UTC-3)',
    ])
      expect(sellerPdf, text).toContain(text);
  });

  it('answers 404 to anyone but the order’s buyer or the operation’s seller', async () => {
    for (const headers of [seller, admin]) {
      expect((await get(`/api/orders/${mine}/statement`, headers)).statusCode).toBe(404);
      expect((await get(`/api/orders/${mine}/statement.pdf`, headers)).statusCode).toBe(404);
    }
    // The other buyer's order is not comprador's.
    expect((await get(`/api/orders/${theirs}/statement`, buyer)).statusCode).toBe(404);
    expect((await get(`/api/orders/${theirs}/statement.pdf`, buyer)).statusCode).toBe(404);
    // An operation of another seller is not vendedor's.
    const other = await createOpenOperation(t.db, { sellerId: demoUserId('comprador') });
    expect((await get(`/api/seller/operations/${other.id}/statement`, seller)).statusCode).toBe(404);
    expect((await get(`/api/seller/operations/${other.id}/statement.pdf`, seller)).statusCode).toBe(404);
    expect((await get(`/api/seller/operations/${operationId}/statement`, buyer)).statusCode).toBeGreaterThanOrEqual(
      403,
    );
    expect((await get(`/api/orders/${mine}/statement`, {})).statusCode).toBe(401);
  });
});
