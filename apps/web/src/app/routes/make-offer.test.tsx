import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import {
  buildOperation,
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  renderApp,
} from '../../test/render';
import { TEST_TRADE_TERMS } from '../../test/trade-terms';

const operation = {
  ...buildOperation({ origin_country: 'VE', destination_country: 'AR', title: 'Licor de cacao' }),
  description: 'x',
  arrival_port: 'Buenos Aires',
  warehouse: null,
  specification: null,
  trade_terms: TEST_TRADE_TERMS,
  expected_departure: null,
  expected_arrival: null,
  container_tons: null,
  lot_step_tons: 5,
  participants: 0,
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

describe('/make-offer?from=<operation>', () => {
  it("starts the wizard from the operation's data and drops the parameter", { timeout: 30_000 }, async () => {
    mockApi({ [`/api/operations/${operation.id}`]: () => jsonResponse(operation) });
    const { router } = renderApp(
      `/make-offer?from=${operation.id}`,
      createTestQueryClient(buildSessionUser({ role: 'seller' })),
    );
    expect(
      await screen.findByText(/Empezamos tu oferta con los datos de «Licor de cacao»/, {}, { timeout: 10_000 }),
    ).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(await screen.findByLabelText('Nombre del producto')).toHaveValue('Milk Powder');
    expect(screen.getByLabelText('País de origen')).toHaveValue('VE');
    expect(screen.getByLabelText('Puerto de llegada')).toHaveValue('Buenos Aires');
  });
});

describe('/make-offer, asked for again while the seller is in it', () => {
  it('keeps the wizard and the files chosen in it', { timeout: 30_000 }, async () => {
    mockApi({});
    const { router } = renderApp('/make-offer', createTestQueryClient(buildSessionUser({ role: 'seller' })));
    const photo = new File(['webp'], 'cacao.webp', { type: 'image/webp' });
    await userEvent.upload(await screen.findByLabelText('Imagen del producto', {}, { timeout: 10_000 }), photo);
    expect(await screen.findByText('cacao.webp')).toBeInTheDocument();
    // The sidebar's "Make an offer" link: the same address, a new history entry.
    await router.navigate('/make-offer');
    expect(await screen.findByText('cacao.webp')).toBeInTheDocument();
  });
});
