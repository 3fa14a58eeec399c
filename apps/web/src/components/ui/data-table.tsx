import { type ReactNode } from 'react';
import { cx } from '../../lib/class-names';

export interface DataColumn<Row> {
  key: string;
  header: string;
  cell: (row: Row) => ReactNode;
  /** Right-aligned figures (amounts, tons). */
  isNumeric?: boolean;
}

/**
 * A table on a wide screen and, on a phone, a list of cards in which every
 * cell keeps its column's name beside it: no column is hidden or scrolled
 * away. One table in the DOM (CSS only), so screen readers and tests see the
 * same rows and cells at every width.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  className,
}: {
  /** Names the table for screen readers (not shown). */
  caption: string;
  columns: DataColumn<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  rowClassName?: (row: Row) => string | undefined;
  className?: string;
}) {
  return (
    <table className={cx('block w-full text-left text-sm sm:table', className)}>
      <caption className="sr-only">{caption}</caption>
      <thead className="sr-only bg-slate-50 text-slate-600 sm:not-sr-only sm:table-header-group">
        <tr>
          {columns.map((column) => (
            <th
              key={column.key}
              scope="col"
              className={cx('px-4 py-2 font-medium', column.isNumeric && 'sm:text-right')}
            >
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 sm:table-row-group sm:space-y-0 sm:divide-y sm:divide-slate-100">
        {rows.map((row) => (
          <tr
            key={rowKey(row)}
            className={cx(
              'block rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:table-row sm:rounded-none sm:border-0 sm:p-0 sm:shadow-none',
              rowClassName?.(row),
            )}
          >
            {columns.map((column) => (
              <td
                key={column.key}
                data-label={column.header}
                className={cx(
                  'flex items-baseline justify-between gap-4 py-1 text-right sm:table-cell sm:px-4 sm:py-2',
                  'before:shrink-0 before:font-medium before:text-slate-500 before:content-[attr(data-label)] sm:before:content-none',
                  column.isNumeric ? 'tabular-nums' : 'sm:text-left',
                )}
              >
                {/* A cell's content keeps its own layout (a link over a subtitle) on both sides. */}
                <div className="min-w-0">{column.cell(row)}</div>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
