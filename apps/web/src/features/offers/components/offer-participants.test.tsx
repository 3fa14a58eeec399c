import { type OfferParticipant } from '@tradeops/shared';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, pageResponse, renderWithProviders } from '../../../test/render';
import { OfferParticipants } from './offer-participants';

const OFFER_ID = '5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e50';

function order(id: string, companyName: string, escrowState: OfferParticipant['escrowState']): OfferParticipant {
  return {
    id,
    companyName,
    volume: 5,
    amountCents: 2_150_000,
    paymentStatus: escrowState === 'held' ? 'confirmed' : 'pending',
    status: 'active',
    escrowState,
    createdAt: '2026-11-20T12:00:00.000Z',
  };
}

describe('an offer’s buyers, a page at a time', () => {
  it('shows how many of how many and loads the next orders with their escrow state on request', async () => {
    const cursors: (string | null)[] = [];
    mockApi({
      [`/api/offers/${OFFER_ID}/participants`]: (url) => {
        const cursor = url.searchParams.get('cursor');
        cursors.push(cursor);
        return cursor === 'page-2'
          ? pageResponse([order('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e62', 'Importadora Andina', 'none')], {
              total: 2,
            })
          : pageResponse([order('5d7c1a3e-2b4f-4c6d-8e9f-0a1b2c3d4e61', 'Importadora Caribe', 'held')], {
              nextCursor: 'page-2',
              total: 2,
            });
      },
    });
    renderWithProviders(<OfferParticipants offerId={OFFER_ID} />);
    expect(await screen.findByText('Importadora Caribe')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 1 de 2')).toBeInTheDocument();
    expect(screen.queryByText('Importadora Andina')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Cargar más' }));
    expect(await screen.findByText('Importadora Andina')).toBeInTheDocument();
    expect(screen.getByText('Mostrando 2 de 2')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cargar más' })).toBeNull();
    expect(cursors).toEqual([null, 'page-2']);
  });
});
