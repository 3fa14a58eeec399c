import { type OperationDetail } from '@tradeops/shared';
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
import { TEST_TRADE_TERMS } from '../../test/trade-terms';

const operation: OperationDetail = {
  ...buildOperation({ title: 'Leche en polvo regular', deadline: '2099-03-03T12:00:00.000Z' }),
  description: 'Importación agrupada.',
  arrival_port: 'La Guaira',
  warehouse: null,
  specification: null,
  trade_terms: TEST_TRADE_TERMS,
  expected_departure: '2099-04-10',
  expected_arrival: '2020-05-15',
  container_tons: 25,
  lot_step_tons: 5,
  participants: 2,
  max_participants: 5,
  total_price_usd: 107_500,
  partners: [],
  spec_sheet: null,
  stats: { views: 1, watchers: 0, comments: 0 },
  is_watching: false,
  is_own_operation: false,
  badges: [],
  seller_record: {
    completed_operations: 0,
    tons_delivered: 0,
    arrivals: 0,
    on_time_arrivals: 0,
    disputed_operations: 0,
    is_new_seller: true,
  },
  similar: [],
};

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
