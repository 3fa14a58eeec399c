import { type BuyerStatement, formatUtcOffset } from '@tradeops/shared';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { formatDeadline } from '../../../lib/format';
import { viewerTimeZone } from '../api/statements';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { BuyerStatementView } from './statement-views';
import { TEST_TRADE_TERMS } from '../../../test/trade-terms';

const ORDER_ID = '6f1c2d3e-4a5b-4c6d-8e7f-9a0b1c2d3e4f';

const STATEMENT: BuyerStatement = {
  statementNumber: 'TO-TX44Z8T4S5-E2',
  issuer: {
    legalName: 'TradeOps Marketplace LLC',
    address: '1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA',
    taxId: 'EIN 88-1234567',
  },
  buyer: { legalName: 'Distribuidora Caribe Alimentos C.A.', taxId: 'J-40512876-3', country: 'VE' },
  seller: { legalName: 'Comercializadora Rioplatense S.A.', taxId: null, country: 'AR' },
  order: {
    id: ORDER_ID,
    operationId: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
    operationReference: 'OP-000021',
    operationTitle: 'Carne bovina congelada',
    paymentReference: 'TO-TX44Z8T4S5',
    volume: 10,
    pricePerTonCents: 520_000,
    amountCents: 5_200_000,
    createdAt: '2026-11-26T08:19:00.000Z',
    termsVersion: '2026-11-25',
  },
  tradeTerms: TEST_TRADE_TERMS,
  escrowBank: null,
  movements: [
    {
      transferId: '6b871136-773d-4a66-9514-cc9868d7cc78',
      kind: 'deposit',
      amountCents: 5_200_000,
      createdAt: '2026-11-26T08:19:00.000Z',
    },
  ],
  heldCents: 5_200_000,
  generatedAt: '2026-11-26T09:00:00.000Z',
};

describe('BuyerStatementView', () => {
  it('reads as a document: letterhead, number, both parties with tax ids, product, tons, price per ton', async () => {
    mockApi({ [`/api/orders/${ORDER_ID}/statement`]: () => jsonResponse(STATEMENT) });
    renderWithProviders(<BuyerStatementView orderId={ORDER_ID} />);
    const letterhead = await screen.findByTestId('statement-letterhead');
    expect(letterhead).toHaveTextContent('TradeOps Marketplace LLC');
    expect(letterhead).toHaveTextContent('1200 Brickell Avenue, Suite 1800, Miami, FL 33131, USA');
    expect(letterhead).toHaveTextContent('Identificación fiscal: EIN 88-1234567');
    expect(within(letterhead).getByTestId('statement-number')).toHaveTextContent('TO-TX44Z8T4S5-E2');
    expect(screen.getByTestId('statement-buyer')).toHaveTextContent(
      'CompradorDistribuidora Caribe Alimentos C.A.Identificación fiscal: J-40512876-3Venezuela',
    );
    expect(screen.getByTestId('statement-seller')).toHaveTextContent('Identificación fiscal: no informada');
    expect(screen.getByText('Carne bovina congelada')).toBeInTheDocument();
    expect(screen.getByText('$5,200 por tonelada')).toBeInTheDocument();
    expect(screen.getByText('10 t')).toBeInTheDocument();
  });

  it('says a failed load failed, with a retry that loads the statement', async () => {
    const user = userEvent.setup();
    let calls = 0;
    mockApi({
      [`/api/orders/${ORDER_ID}/statement`]: () => {
        calls += 1;
        return calls === 1 ? new Response('nope', { status: 500 }) : jsonResponse(STATEMENT);
      },
    });
    renderWithProviders(<BuyerStatementView orderId={ORDER_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar el estado de cuenta.');
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('statement-letterhead')).toHaveTextContent('TO-TX44Z8T4S5-E2');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('says a statement that is not there (or not yours) is not found, without a retry', async () => {
    mockApi({
      [`/api/orders/${ORDER_ID}/statement`]: () =>
        jsonResponse({ error: { code: 'NOT_FOUND', message: 'No encontrado.' } }, 404),
    });
    renderWithProviders(<BuyerStatementView orderId={ORDER_ID} />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Este estado de cuenta no existe o no es tuyo.');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('writes every time in the viewer’s zone, names it, and asks the PDF in the same language and zone', async () => {
    await setLanguage('en');
    mockApi({ [`/api/orders/${ORDER_ID}/statement`]: () => jsonResponse(STATEMENT) });
    renderWithProviders(<BuyerStatementView orderId={ORDER_ID} />);
    const zone = viewerTimeZone();
    expect(await screen.findByTestId('statement-time-zone')).toHaveTextContent(
      `Times in ${zone} (${formatUtcOffset(new Date(STATEMENT.generatedAt), zone)})`,
    );
    expect(
      within(screen.getByTestId('statement-movement')).getByText(
        formatDeadline(STATEMENT.movements[0]!.createdAt, 'en'),
      ),
    ).toBeInTheDocument();
    expect(formatDeadline(STATEMENT.movements[0]!.createdAt, 'en')).toMatch(/\(UTC[^)]*\)$/);
    const pdf = screen.getByTestId('statement-pdf');
    const url = new URL(pdf.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe(`/api/orders/${ORDER_ID}/statement.pdf`);
    expect(Object.fromEntries(url.searchParams)).toEqual({ lang: 'en', tz: zone });
  });
});
