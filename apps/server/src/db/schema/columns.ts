import { type SQL, sql } from 'drizzle-orm';
import { type AnyPgColumn, check, timestamp } from 'drizzle-orm/pg-core';

/** Every timestamp is timestamptz; the app reads and writes Date objects. */
export function timestamptz(name: string) {
  return timestamp(name, { withTimezone: true, mode: 'date' });
}

export function createdAt() {
  return timestamptz('created_at').notNull().defaultNow();
}

export function updatedAt() {
  return timestamptz('updated_at')
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
}

function quoteLiteral(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/** A CHECK that keeps a text column within a closed set (text + CHECK extends more easily than a pg enum). */
export function checkIn(name: string, column: AnyPgColumn, values: readonly string[]) {
  return check(name, sql`${column} in (${sql.raw(values.map(quoteLiteral).join(', '))})`);
}

/** The list of literals for raw SQL (views, partial indexes). */
export function sqlList(values: readonly string[]): SQL {
  return sql.raw(values.map(quoteLiteral).join(', '));
}
