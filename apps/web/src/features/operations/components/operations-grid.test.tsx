import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { buildOperation, jsonResponse, mockApi, renderWithProviders } from '../../../test/render';
import { OperationsGrid } from './operations-grid';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe('OperationsGrid', () => {
  it('holds the space with skeleton cards while loading, then shows the cards', async () => {
    const answer = deferred<Response>();
    const fetchMock = mockApi({ '/api/operations': () => answer.promise });
    renderWithProviders(<OperationsGrid params={{ status: 'all', limit: 6 }} />);

    expect(screen.getByRole('status')).toHaveTextContent('Cargando operaciones…');
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/operations?status=all&limit=6');

    const operations = [
      buildOperation({ id: 'a0000000-0000-4000-8000-000000000001', title: 'Cacao en pasta — Venezuela a Argentina' }),
      buildOperation({ id: 'a0000000-0000-4000-8000-000000000002', title: 'Café arábica — Venezuela a Argentina' }),
    ];
    answer.resolve(jsonResponse({ data: operations, count: 2 }));

    expect(await screen.findByRole('heading', { name: operations[0]?.title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: operations[1]?.title })).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(2);
  });

  it('explains a failure and loads again on retry', async () => {
    let calls = 0;
    mockApi({
      '/api/operations': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(
              { error: { code: 'INTERNAL_ERROR', message: 'Error inesperado. Por favor intente nuevamente.' } },
              500,
            )
          : jsonResponse({ data: [buildOperation()], count: 1 });
      },
    });
    renderWithProviders(<OperationsGrid />);

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('No pudimos cargar las operaciones.')).toBeInTheDocument();

    await userEvent.click(within(alert).getByRole('button', { name: 'Reintentar' }));

    expect(await screen.findByRole('heading', { name: buildOperation().title })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(calls).toBe(2);
  });

  it('says so when there are no operations', async () => {
    mockApi({ '/api/operations': () => jsonResponse({ data: [], count: 0 }) });
    renderWithProviders(<OperationsGrid />);
    expect(await screen.findByText('Todavía no hay operaciones abiertas')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('treats an answer outside the contract as an error, not as data', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ '/api/operations': () => jsonResponse({ data: [{ id: 'not-a-uuid' }], count: 1 }) });
    renderWithProviders(<OperationsGrid />);
    expect(await screen.findByRole('alert')).toHaveTextContent('No pudimos cargar las operaciones.');
    await waitFor(() => expect(warn).toHaveBeenCalled());
    warn.mockRestore();
  });
});
