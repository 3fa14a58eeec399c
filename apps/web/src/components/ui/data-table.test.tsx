import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from './data-table';

describe('DataTable', () => {
  it('renders one table whose every cell carries its column name, for the card layout on a phone', () => {
    render(
      <DataTable
        caption="Participants"
        rows={[
          { id: 'a', company: 'Lácteos del Sur', tons: 20 },
          { id: 'b', company: 'Café Norte', tons: 40 },
        ]}
        rowKey={(row) => row.id}
        columns={[
          { key: 'company', header: 'Company', cell: (row) => row.company },
          { key: 'tons', header: 'Volume', cell: (row) => `${row.tons} t`, isNumeric: true },
        ]}
      />,
    );
    const table = screen.getByRole('table', { name: 'Participants' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Company', 'Volume']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const cells = within(rows[1]!).getAllByRole('cell');
    expect(cells.map((cell) => [cell.dataset.label, cell.textContent])).toEqual([
      ['Company', 'Café Norte'],
      ['Volume', '40 t'],
    ]);
  });
});
