/*
 * Small charts drawn with plain elements (no chart library: the admin chunk
 * stays light and nothing reaches the landing's bundle). Each is a figure whose
 * numbers are also written out, so nothing depends on seeing the bars.
 */

export interface ChartPoint {
  label: string;
  value: number;
  display: string;
}

/** Vertical columns, e.g. volume per month. */
export function ColumnChart({ title, points }: { title: string; points: ChartPoint[] }) {
  const top = Math.max(1, ...points.map((point) => point.value));
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      <ol className="flex h-48 items-end gap-2 sm:gap-4">
        {points.map((point) => (
          <li key={point.label} className="flex h-full min-w-0 flex-1 flex-col items-center justify-end gap-1">
            <span className="text-xs font-semibold text-brand-900">{point.display}</span>
            <span
              className="w-full max-w-12 rounded-t-md bg-accent-600"
              style={{ height: `${Math.max(2, (point.value / top) * 100)}%` }}
              aria-hidden="true"
            />
            <span className="w-full truncate text-center text-xs text-slate-600">{point.label}</span>
          </li>
        ))}
      </ol>
    </figure>
  );
}

export interface ProgressRow {
  id: string;
  label: string;
  value: number;
  max: number;
  display: string;
}

/** Horizontal bars against their own maximum, e.g. allocated of total tons per operation. */
export function ProgressChart({ title, rows }: { title: string; rows: ProgressRow[] }) {
  return (
    <figure>
      <figcaption className="sr-only">{title}</figcaption>
      <ul className="grid gap-3">
        {rows.map((row) => (
          <li key={row.id} className="grid gap-1 sm:grid-cols-[minmax(0,14rem)_1fr_auto] sm:items-center sm:gap-3">
            <span className="truncate text-sm text-slate-800" title={row.label}>
              {row.label}
            </span>
            <span className="h-3 overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
              <span
                className="block h-full rounded-full bg-accent-600"
                style={{ width: `${row.max > 0 ? (row.value / row.max) * 100 : 0}%` }}
              />
            </span>
            <span className="text-xs font-medium whitespace-nowrap text-slate-700">{row.display}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}
