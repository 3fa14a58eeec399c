import { type SellerOffer } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, pageResponse, renderWithProviders } from '../../../test/render';
import { MyOffers } from './my-offers';

function offer(id: string, title: string): SellerOffer {
  return {
    id,
    title,
    productName: 'Leche en polvo',
    originCountry: 'UY',
    destinationCountry: 'VE',
    status: 'active',
    reviewStatus: 'approved',
    reviewRejectReason: null,
    totalTons: 25,
    allocatedTons: 10,
    pricePerTonCents: 430_000,
    participants: 2,
    escrowHeldCents: 0,
    imageUrl: null,
    hasSpecSheet: false,
    deadline: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    canEdit: false,
    canWithdraw: false,
  };
}

describe('the seller’s offers, a page at a time', () => {
  it('shows how many of how many and loads the next page on request', { timeout: 20_000 }, async () => {
    const cursors: (string | null)[] = [];
    mockApi({
      '/api/offers/mine': (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? pageResponse([offer('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e61', 'Segunda página')], { total: 2 })
          : pageResponse([offer('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e60', 'Primera página')], {
              nextCursor: 'page-2',
              total: 2,
            });
      },
    });
    renderWithProviders(<MyOffers editId={null} onEdit={() => undefined} />);
    expect(await screen.findByText('Primera página', {}, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 de 2')).toBeInTheDocument();
    expect(screen.queryByText('Segunda página')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Segunda página')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });
});
