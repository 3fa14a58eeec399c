import { type BuyerOrder, type ListOperationsResponse } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { setLanguage } from '../../../lib/i18n';
import { buildOperation, jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { BuyerOrders, OperationsBrowser, RecentBuyerOrders, SeeAllBuyerOrders } from './buyer-dashboard';

const page: ListOperationsResponse = {
  data: [
    // The product's name is stored once, as the seller wrote it (the spec's "Milk Powder"): not a word to show a Spanish reader.
    buildOperation({
      title: 'Leche en polvo regular',
      deadline: null,
      createdAt: '2026-11-01T10:00:00.000Z',
    }),
  ],
  count: 1,
  hasMore: false,
};

const order: BuyerOrder = {
  id: '5d6e7f80-1a2b-4c3d-8e9f-0a1b2c3d4e5f',
  operationId: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
  operationTitle: 'Leche en polvo regular',
  productName: 'Milk Powder',
  operationStatus: 'active',
  volume: 5,
  amountCents: 2_150_000,
  paymentMethod: 'wire',
  paymentStatus: 'pending',
  status: 'active',
  escrowState: 'none',
  escrowHeldCents: 0,
  refundedCents: 0,
  paidOutAt: null,
  dispute: null,
  createdAt: '2026-11-01T10:00:00.000Z',
};

describe('OperationsBrowser (buyer dashboard)', () => {
  it.each([
    ['es', 'Lácteos'],
    ['en', 'Dairy'],
  ] as const)('names each deal’s product in the viewer’s language (%s)', async (language, product) => {
    await setLanguage(language);
    mockApi({ '/api/operations': () => jsonResponse(page) });
    renderWithProviders(<OperationsBrowser />);
    expect(await screen.findByRole('link', { name: 'Leche en polvo regular' })).toBeInTheDocument();
    expect(screen.getByText(product)).toBeInTheDocument();
    if (language === 'es') expect(screen.queryByText('Milk Powder')).not.toBeInTheDocument();
  });
});

describe('BuyerOrders (the buyer’s orders)', () => {
  it('shows a failed load as an error with a retry, not as "no orders", and lists the orders once it loads', async () => {
    await setLanguage('es');
    let calls = 0;
    mockApi({
      '/api/buyer/orders': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse({ error: { code: 'INTERNAL_ERROR', message: 'No pudimos cargar tus pedidos.' } }, 500)
          : jsonResponse({ items: [order], nextCursor: null, total: 1 });
      },
    });
    renderWithProviders(<BuyerOrders />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar tus pedidos.');
    expect(screen.queryByText('Todavía no participas en ninguna operación.')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByTestId('buyer-order')).toHaveTextContent('Leche en polvo regular');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says there are no orders, with the way to browse, when the list is really empty', async () => {
    await setLanguage('es');
    mockApi({
      '/api/buyer/orders': () => jsonResponse({ items: [], nextCursor: null, total: 0 }),
    });
    renderWithProviders(<BuyerOrders />);
    expect(await screen.findByText('Todavía no participas en ninguna operación.')).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it.each([
    ['es', 'Mostrando 1 de 2', 'Cargar más', 'Mostrando 2 de 2'],
    ['en', 'Showing 1 of 2', 'Load more', 'Showing 2 of 2'],
  ] as const)('pages through every order with the total (%s): no silent cap', async (language, first, more, all) => {
    await setLanguage(language);
    const older = { ...order, id: '6e7f8091-2b3c-4d4e-9f0a-1b2c3d4e5f60', operationTitle: 'Café verde' };
    const cursors: (string | null)[] = [];
    mockApi({
      '/api/buyer/orders': (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return jsonResponse(
          cursor === 'next-page'
            ? { items: [older], nextCursor: null, total: 2 }
            : { items: [order], nextCursor: 'next-page', total: 2 },
        );
      },
    });
    renderWithProviders(<BuyerOrders />);
    expect(await screen.findByText(first)).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: more }));
    expect(await screen.findByText(all)).toBeVisible();
    expect(screen.getAllByTestId('buyer-order').map((row) => row.querySelector('h3')?.textContent)).toEqual([
      'Leche en polvo regular',
      'Café verde',
    ]);
    expect(screen.queryByRole('button', { name: more })).toBeNull();
    expect(cursors).toEqual([null, 'next-page']);
  });
});

describe('RecentBuyerOrders and SeeAllBuyerOrders (the dashboard)', () => {
  it('shows the newest orders and the way to all of them with how many there are', async () => {
    await setLanguage('es');
    mockApi({
      '/api/buyer/dashboard': () =>
        jsonResponse({ kpis: { activeOps: 1, totalVolume: 5, completedOps: 0 }, orders: [order], ordersTotal: 131 }),
    });
    renderWithProviders(
      <>
        <SeeAllBuyerOrders />
        <RecentBuyerOrders limit={5} />
      </>,
    );
    expect(await screen.findByRole('link', { name: 'Ver todos tus pedidos (131)' })).toHaveAttribute(
      'href',
      '/buyer/operations',
    );
    expect(screen.getAllByTestId('buyer-order')).toHaveLength(1);
  });
});
