import { type LedgerResponse } from '@tradeops/shared';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { LedgerView } from './ledger-view';

const OPERATION_ID = '00000000-0000-4000-8000-000000000001';
const BUYER_ID = 'buyer-user-1';
const SELLER_ID = 'seller-user-1';

const ledger: LedgerResponse = {
  operation: { id: OPERATION_ID, title: 'Café verde' },
  nextCursor: null,
  total: 4,
  items: [
    {
      id: '00000000-0000-4000-8000-000000000010',
      kind: 'deposit',
      nature: 'deposit',
      orderId: '00000000-0000-4000-8000-000000000020',
      memo: null,
      createdAt: '2026-03-01T10:00:00.000Z',
      sumCents: 0,
      entries: [
        { id: 1, account: `buyer:${BUYER_ID}`, party: 'Importadora Caribe', amountCents: -2_450_000 },
        { id: 2, account: `escrow:${OPERATION_ID}`, party: null, amountCents: 2_450_000 },
      ],
    },
    {
      id: '00000000-0000-4000-8000-000000000011',
      kind: 'release',
      nature: 'release',
      orderId: '00000000-0000-4000-8000-000000000020',
      memo: 'settlement',
      createdAt: '2026-03-30T10:00:00.000Z',
      sumCents: 0,
      entries: [
        { id: 3, account: `escrow:${OPERATION_ID}`, party: null, amountCents: -2_450_000 },
        { id: 4, account: `seller:${SELLER_ID}`, party: 'Tostadores Unidos', amountCents: 2_401_000 },
        { id: 9, account: 'platform:revenue', party: null, amountCents: 49_000 },
      ],
    },
    {
      id: '00000000-0000-4000-8000-000000000012',
      kind: 'release',
      nature: 'partial_refund',
      orderId: '00000000-0000-4000-8000-000000000021',
      memo: 'dispute: partial',
      createdAt: '2026-03-30T10:00:00.000Z',
      sumCents: 0,
      entries: [
        { id: 5, account: `escrow:${OPERATION_ID}`, party: null, amountCents: -200_000 },
        { id: 10, account: `seller:${SELLER_ID}`, party: 'Tostadores Unidos', amountCents: 98_000 },
        { id: 11, account: 'platform:revenue', party: null, amountCents: 2_000 },
        { id: 6, account: `buyer:${BUYER_ID}`, party: 'Importadora Caribe', amountCents: 100_000 },
      ],
    },
    {
      id: '00000000-0000-4000-8000-000000000013',
      kind: 'refund',
      nature: 'refund',
      orderId: '00000000-0000-4000-8000-000000000022',
      memo: 'operation_cancelled: Proveedor sin stock',
      createdAt: '2026-03-30T10:00:00.000Z',
      sumCents: 0,
      entries: [
        { id: 7, account: `escrow:${OPERATION_ID}`, party: null, amountCents: -100_000 },
        { id: 8, account: `buyer:${BUYER_ID}`, party: 'Importadora Caribe', amountCents: 100_000 },
      ],
    },
  ],
  depositedCents: 2_750_000,
  releasedToSellerCents: 2_499_000,
  platformFeeCents: 51_000,
  refundedCents: 200_000,
  heldCents: 0,
};

describe('LedgerView', () => {
  it('sums up deposited, released to the seller, the fee, refunded and held, and names a partial refund as one', async () => {
    mockApi({ [`/api/admin/operations/${OPERATION_ID}/ledger`]: () => jsonResponse(ledger) });
    renderWithProviders(<LedgerView operationId={OPERATION_ID} />);
    const transfers = await screen.findAllByTestId('ledger-transfer');
    expect(screen.getByTestId('ledger-deposited')).toHaveTextContent('$27,500');
    expect(screen.getByTestId('ledger-releasedToSeller')).toHaveTextContent('$24,990');
    expect(screen.getByTestId('ledger-platformFee')).toHaveTextContent('$510');
    expect(screen.getByTestId('ledger-refunded')).toHaveTextContent('$2,000');
    expect(screen.getByTestId('ledger-held')).toHaveTextContent('$0');
    expect(screen.getByText('Reembolsado a compradores')).toBeInTheDocument();
    expect(transfers.map((transfer) => within(transfer).getAllByText(/./)[0]!.textContent)).toEqual([
      'Depósito',
      'Liberación al vendedor',
      'Reembolso parcial y liberación',
      'Reembolso al comprador',
    ]);
    expect(screen.getByRole('link', { name: /Volver a la operación/ })).toHaveAttribute(
      'href',
      `/admin/operations/${OPERATION_ID}`,
    );
  });

  it('names each account by its role in the UI language and by the company behind it', async () => {
    mockApi({ [`/api/admin/operations/${OPERATION_ID}/ledger`]: () => jsonResponse(ledger) });
    renderWithProviders(<LedgerView operationId={OPERATION_ID} />);
    const transfers = await screen.findAllByTestId('ledger-transfer');
    expect(transfers).toHaveLength(4);
    const [deposit, release] = transfers as [HTMLElement, HTMLElement];
    expect(within(deposit).getByText('Depósito')).toBeInTheDocument();
    expect(within(deposit).getAllByRole('row')[1]).toHaveTextContent('Comprador · Importadora Caribe');
    expect(within(deposit).getAllByRole('row')[2]).toHaveTextContent(/^Escrow 00000000…/);
    expect(within(release).getByText('Liberación al vendedor')).toBeInTheDocument();
    const toSeller = within(release).getAllByRole('row')[2]!;
    expect(toSeller).toHaveTextContent('Vendedor · Tostadores Unidos');
    expect(toSeller).toHaveTextContent('$24,010');
    expect(toSeller).not.toHaveTextContent('-$');
    expect(screen.getByTestId('ledger-held')).toHaveTextContent('$0');
  });

  it('words each memo from its code in the UI language, old prose memos included, and keeps what an admin wrote', async () => {
    mockApi({ [`/api/admin/operations/${OPERATION_ID}/ledger`]: () => jsonResponse(ledger) });
    renderWithProviders(<LedgerView operationId={OPERATION_ID} />);
    await screen.findAllByTestId('ledger-transfer');
    expect(screen.getAllByTestId('ledger-memo').map((memo) => memo.textContent)).toEqual([
      'Liquidación: fondos liberados al vendedor',
      'Disputa decidida: reembolso parcial',
      'La operación fue cancelada: reembolso — Proveedor sin stock',
    ]);
  });

  it('says the roles in English too', async () => {
    await setLanguage('en');
    mockApi({ [`/api/admin/operations/${OPERATION_ID}/ledger`]: () => jsonResponse(ledger) });
    renderWithProviders(<LedgerView operationId={OPERATION_ID} />);
    const [deposit, release] = (await screen.findAllByTestId('ledger-transfer')) as [HTMLElement, HTMLElement];
    expect(within(deposit).getAllByRole('row')[1]).toHaveTextContent('Buyer · Importadora Caribe');
    expect(within(release).getAllByRole('row')[2]).toHaveTextContent('Seller · Tostadores Unidos');
    expect(within(release).getByText('Release to the seller')).toBeInTheDocument();
    expect(screen.getByText('Partial refund and release')).toBeInTheDocument();
    expect(screen.getByText('Refunded to buyers')).toBeInTheDocument();
    expect(screen.getAllByTestId('ledger-memo').map((memo) => memo.textContent)).toEqual([
      'Settlement: funds released to the seller',
      'Dispute decided: partial refund',
      'The operation was cancelled: refund — Proveedor sin stock',
    ]);
  });

  it('loads the next transfers on request and keeps the whole ledger’s sums on top', async () => {
    const [first, ...rest] = ledger.items;
    const cursors: (string | null)[] = [];
    mockApi({
      [`/api/admin/operations/${OPERATION_ID}/ledger`]: (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return jsonResponse(
          cursor === 'page-2'
            ? { ...ledger, items: rest, nextCursor: null }
            : { ...ledger, items: [first], nextCursor: 'page-2' },
        );
      },
    });
    renderWithProviders(<LedgerView operationId={OPERATION_ID} />);
    expect(await screen.findAllByTestId('ledger-transfer')).toHaveLength(1);
    expect(screen.getByText('Mostrando 1 de 4')).toBeInTheDocument();
    // The sums are the whole ledger's, not the one transfer's on the page.
    expect(screen.getByTestId('ledger-releasedToSeller')).toHaveTextContent('$24,990');
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    await waitFor(() => expect(screen.getAllByTestId('ledger-transfer')).toHaveLength(4));
    expect(screen.getByText('Mostrando 4 de 4')).toBeInTheDocument();
    expect(screen.getByTestId('ledger-deposited')).toHaveTextContent('$27,500');
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });
});
