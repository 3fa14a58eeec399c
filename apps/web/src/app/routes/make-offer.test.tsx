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
import { buildOperationDetail } from '../../test/operation-detail';

const operation = buildOperationDetail({
  ...buildOperation({ originCountry: 'VE', destinationCountry: 'AR', title: 'Licor de cacao' }),
  description: 'x',
  arrivalPort: 'Buenos Aires',
  containerTons: null,
  participants: 0,
});

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
    // The page says as many steps as the wizard has (four since the trade terms came).
    expect(screen.getByText(/Publica una operación en 4 pasos/)).toBeInTheDocument();
    expect(screen.getByText('Paso 1 de 4')).toBeInTheDocument();
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
