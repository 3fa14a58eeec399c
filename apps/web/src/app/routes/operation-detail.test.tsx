import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { offerDraftFromOperation } from '../../features/offers/hooks/offer-from-operation';
import {
  buildOperation,
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  renderWithProviders,
} from '../../test/render';
import { MakeOfferAction } from './operation-detail';
import { buildOperationDetail } from '../../test/operation-detail';

const operation = buildOperationDetail({
  ...buildOperation({ title: 'Leche en polvo regular', deadline: '2099-03-03T12:00:00.000Z' }),
  expectedDeparture: '2099-04-10',
  expectedArrival: '2020-05-15',
});

describe('Make an Offer on an operation', () => {
  it("takes a seller to the wizard with the operation's id", () => {
    renderWithProviders(<MakeOfferAction operation={operation} />, {
      queryClient: createTestQueryClient(buildSessionUser({ role: 'seller' })),
    });
    expect(screen.getByRole('link', { name: 'Hacer una oferta' })).toHaveAttribute(
      'href',
      `/make-offer?from=${operation.id}`,
    );
  });

  it('explains seller mode to a buyer; staying changes nothing, switching stores Supply Mode', async () => {
    const modes: unknown[] = [];
    mockApi({
      '/api/session/mode': (_url, init) => {
        modes.push(JSON.parse(String(init?.body)));
        return jsonResponse({ user: buildSessionUser({ role: 'seller' }) });
      },
    });
    renderWithProviders(<MakeOfferAction operation={operation} />, {
      queryClient: createTestQueryClient(buildSessionUser({ role: 'buyer' })),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Hacer una oferta' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hacer una oferta es vender' });
    expect(dialog).toHaveTextContent('usa «Participa Ahora»');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Seguir en Modo Compra' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(modes).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: 'Hacer una oferta' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Cambiar a Modo Venta y ofertar' }));
    await waitFor(() => expect(modes).toEqual([{ mode: 'supply' }]));
    expect(window.localStorage.getItem('user-mode-storage')).toContain('supply');
  });

  it("pre-fills the wizard from the deal's public data, keeping the seller's own words and past dates out", () => {
    expect(offerDraftFromOperation(operation, '2026-11-25')).toMatchObject({
      productName: 'Milk Powder',
      productCategory: 'dairy',
      type: 'import',
      // Uruguay is not among the countries an offer may name (COUNTRY_CODES): left for the seller to choose.
      originCountry: '',
      destinationCountry: 'VE',
      arrivalPort: 'La Guaira',
      totalTons: '25',
      minVolume: '5',
      priceUsd: '4300',
      deadline: '2099-03-03',
      expectedDeparture: '2099-04-10',
      expectedArrival: '',
      title: '',
      description: '',
      maxPerParticipantTons: '',
    });
  });
});
