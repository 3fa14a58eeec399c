import { sql } from 'drizzle-orm';
import { type Queryable } from '../db/client';

/** Tables whose rows may change on a refused request by design: sessions, reset tokens, rate-limit counters. */
const VOLATILE_TABLES = new Set(['session', 'verification', 'rate_limits']);

/** The business tables of the schema (every base table but the migrations' and the volatile ones). */
export async function listBusinessTables(db: Queryable): Promise<string[]> {
  const tables = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not like '%migrations%'`,
  );
  return (tables as unknown as { rows: { table_name: string }[] }).rows
    .map((row) => row.table_name)
    .filter((name) => !VOLATILE_TABLES.has(name))
    .sort();
}

/**
 * `table=count:md5;…` over every row of the given tables: two equal checksums mean nothing
 * changed. Without views_count: views are counted in memory and flushed each second, whatever
 * the request in between (an earlier accepted detail view may land during a refused request).
 */
export async function checksumTables(db: Queryable, tables: string[]): Promise<string> {
  const parts = tables.map(
    (table) =>
      sql`select ${table}::text as t, count(*)::text || ':' || md5(coalesce(string_agg((to_jsonb(x) - 'views_count')::text, ',' order by (to_jsonb(x) - 'views_count')::text), '')) as h from ${sql.identifier(table)} x`,
  );
  const result = await db.execute(
    sql`select string_agg(t || '=' || h, ';' order by t) as sum from (${sql.join(parts, sql` union all `)}) s`,
  );
  return (result as unknown as { rows: { sum: string }[] }).rows[0]?.sum ?? '';
}

/** The tables whose checksum part differs between two checksums. */
export function changedTables(before: string, after: string): string[] {
  const earlier = new Set(before.split(';'));
  return after
    .split(';')
    .filter((part) => !earlier.has(part))
    .map((part) => part.split('=')[0] ?? part);
}

/**
 * A counter of the write statements run on the given tables (a statement trigger on each, added to this
 * test's own database copy), read in one round trip: equal before and after a request means no insert,
 * update, delete or truncate ran on them, so their checksum cannot have moved and need not be taken
 * again. A sequence is not rolled back: a write that was undone still counts, and the caller takes the
 * checksum then (a false alarm costs a checksum, never a missed change).
 */
export async function countWrites(db: Queryable, tables: string[]): Promise<() => Promise<string>> {
  await db.execute(sql`create sequence if not exists test_table_writes`);
  await db.execute(
    sql.raw(`create or replace function test_count_table_write() returns trigger language plpgsql as $$
      begin perform nextval('test_table_writes'); return null; end $$`),
  );
  for (const table of tables) {
    await db.execute(
      sql`create or replace trigger test_count_table_write after insert or update or delete or truncate on ${sql.identifier(table)} for each statement execute function test_count_table_write()`,
    );
  }
  return async () => {
    const result = await db.execute(sql`select last_value::text || ':' || is_called::text as n from test_table_writes`);
    return (result as unknown as { rows: { n: string }[] }).rows[0]?.n ?? '';
  };
}
