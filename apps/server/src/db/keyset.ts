import { type CursorKey, type Page, type PageQuery, encodeCursor } from '@tradeops/shared';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from '../errors';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The sort key of a keyset page: a timestamp (column or expression) and the row id that breaks ties. */
export interface Keyset {
  at: AnyColumn | SQL;
  id: AnyColumn;
  order: 'asc' | 'desc';
  /** A uuid id column: a cursor with another id is refused (400) rather than failing in the database. */
  idIsUuid?: boolean;
}

/**
 * The condition "after the cursor" in the keyset's order: `(at, id) > (cursor)` ascending, `<`
 * descending — one row comparison an index on (at, id) serves. Undefined on the first page.
 */
export function afterCursor(keyset: Keyset, cursor: CursorKey | undefined): SQL | undefined {
  if (!cursor) return undefined;
  if (keyset.idIsUuid && !UUID.test(cursor.id)) {
    throw new AppError('VALIDATION_FAILED', {}, { fields: { cursor: 'validation.invalidCursor' } });
  }
  const comparison = keyset.order === 'asc' ? sql`>` : sql`<`;
  return sql`(${keyset.at}, ${keyset.id}) ${comparison} (${cursor.at}::timestamptz, ${cursor.id})`;
}

/**
 * The row's sort timestamp as the cursor carries it: ISO 8601 in UTC with the database's
 * microseconds (a JS Date keeps milliseconds only, and a truncated cursor would show a row twice).
 * Select it beside the row, e.g. `cursorAt: cursorAtOf(keyset)`.
 */
export function cursorAtOf(keyset: Keyset): SQL<string> {
  return sql<string>`to_char(${keyset.at} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** ORDER BY of the keyset (at, then id, both in its direction). */
export function keysetOrder(keyset: Keyset): SQL[] {
  return keyset.order === 'asc'
    ? [sql`${keyset.at} asc`, sql`${keyset.id} asc`]
    : [sql`${keyset.at} desc`, sql`${keyset.id} desc`];
}

/**
 * A page from rows read with `limit: page.limit + 1` (one more tells whether another page follows):
 * the items mapped, the next cursor from the last row kept, and the total the caller counted.
 */
export function toPage<Row, Item>(
  rows: Row[],
  page: PageQuery,
  keyOf: (row: Row) => CursorKey,
  total: number,
  map: (rows: Row[]) => Item[],
): Page<Item> {
  const kept = rows.slice(0, page.limit);
  const last = kept.at(-1);
  return {
    items: map(kept),
    nextCursor: rows.length > page.limit && last ? encodeCursor(keyOf(last)) : null,
    total,
  };
}
