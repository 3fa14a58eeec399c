import { QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QueryState } from './query-state';

function Rows({ load }: { load: () => Promise<string[]> }) {
  const query = useQuery({ queryKey: ['rows'], queryFn: load, retry: false });
  return (
    <QueryState
      query={query}
      isEmpty={(rows) => rows.length === 0}
      empty="Nada por revisar"
      refusal={(error) => error.message === 'gone' && <p>Esta lista ya no existe</p>}
      skeleton={<p>Cargando filas…</p>}
    >
      {(rows) => (
        <ul>
          {rows.map((row) => (
            <li key={row}>{row}</li>
          ))}
        </ul>
      )}
    </QueryState>
  );
}

function renderRows(load: () => Promise<string[]>) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Rows load={load} />
    </QueryClientProvider>,
  );
}

describe('QueryState', () => {
  it('shows the failure with a retry that loads again, then the data', async () => {
    let calls = 0;
    renderRows(async () => {
      calls += 1;
      if (calls === 1) throw new Error('No se pudo cargar la lista');
      return ['Café Norte'];
    });
    expect(screen.getByText('Cargando filas…')).toBeVisible();
    expect(await screen.findByRole('alert')).toHaveTextContent('No se pudo cargar la lista');
    await userEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('listitem')).toHaveTextContent('Café Norte');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(calls).toBe(2);
  });

  it('disables the retry while it loads, so a second tap asks nothing more', async () => {
    // Rows shown, then a refresh fails: the failure stands (over the rows) while its retry loads.
    let calls = 0;
    let answer: (rows: string[]) => void = () => undefined;
    const client = new QueryClient();
    render(
      <QueryClientProvider client={client}>
        <Rows
          load={() => {
            calls += 1;
            if (calls === 1) return Promise.resolve(['Café Norte']);
            if (calls === 2) return Promise.reject(new Error('No se pudo cargar la lista'));
            return new Promise<string[]>((resolve) => {
              answer = resolve;
            });
          }}
        />
      </QueryClientProvider>,
    );
    expect(await screen.findByRole('listitem')).toHaveTextContent('Café Norte');
    await client.refetchQueries({ queryKey: ['rows'] });
    await userEvent.click(await screen.findByRole('button', { name: 'Reintentar' }));
    const busy = await screen.findByRole('button', { name: 'Cargando…' });
    expect(busy).toBeDisabled();
    await userEvent.click(busy);
    expect(calls).toBe(3);
    answer(['Café Sur']);
    expect(await screen.findByRole('listitem')).toHaveTextContent('Café Sur');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the screen's own words for a refusal a retry would not change, without a retry", async () => {
    renderRows(async () => {
      throw new Error('gone');
    });
    expect(await screen.findByText('Esta lista ya no existe')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reintentar' })).toBeNull();
  });

  it('shows the empty state instead of an empty list', async () => {
    renderRows(async () => []);
    expect(await screen.findByText('Nada por revisar')).toBeVisible();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
