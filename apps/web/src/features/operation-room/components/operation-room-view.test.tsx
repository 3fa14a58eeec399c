import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import {
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  renderWithProviders,
} from '../../../test/render';
import { OperationRoomView } from './operation-room-view';

const OPERATION_ID = '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01';

describe('OperationRoomView', () => {
  it('tells a non-participant they are not in the deal and links the operation, with no retry', async () => {
    mockApi({
      [`/api/operations/${OPERATION_ID}/room`]: () =>
        jsonResponse({ error: { code: 'FORBIDDEN', message: 'Acceso no autorizado' } }, 403),
    });
    renderWithProviders(<OperationRoomView operationId={OPERATION_ID} />, {
      queryClient: createTestQueryClient(buildSessionUser()),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Esta sala es solo para el vendedor, la plataforma y los compradores con un pedido vigente o pagado',
    );
    expect(screen.getByRole('link', { name: 'Ver la ficha de la operación' })).toHaveAttribute(
      'href',
      `/operation/${OPERATION_ID}`,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('No participas en esta operación');
    expect(screen.getByRole('alert')).not.toHaveTextContent('Failed to load operation details');
    // Retrying would be refused again.
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('says at once that a malformed or unknown operation is not found, with no retry', async () => {
    let calls = 0;
    mockApi({
      '/api/operations/x/room': () => {
        calls += 1;
        return jsonResponse({ error: { code: 'VALIDATION_ERROR', message: 'Datos inválidos' } }, 400);
      },
    });
    renderWithProviders(<OperationRoomView operationId="x" />, {
      queryClient: createTestQueryClient(buildSessionUser()),
    });
    expect(await screen.findByRole('heading', { name: 'Operación no encontrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver el catálogo' })).toHaveAttribute('href', '/operations');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(calls).toBe(1);
  });
});
