import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  renderWithProviders,
} from '../../../test/render';
import { DealRoomView } from './deal-room-view';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

describe('DealRoomView', () => {
  it('tells a buyer whose access ended who the room is for, beside the load error', async () => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/deal-room`]: () =>
        jsonResponse({ error: { code: 'FORBIDDEN', message: 'Acceso no autorizado' } }, 403),
    });
    renderWithProviders(<DealRoomView operationId={OPERATION_ID} />, {
      queryClient: createTestQueryClient(buildSessionUser()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta sala es solo para el vendedor, la plataforma y los compradores con un pedido vigente o pagado',
    );
    expect(screen.getByRole('link', { name: 'Ver la ficha de la operación' })).toHaveAttribute(
      'href',
      `/operation/${OPERATION_ID}`,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No pudimos cargar los detalles de la operación');
    // Retrying would be refused again.
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });
});
