import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const SERVER_SRC = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const AGGREGATE = 'modules/operations/operation-aggregate.ts';

/** Writers of an operation row: the query builder's update, a row lock, raw UPDATE … operations SQL. */
const VIOLATIONS: { name: string; pattern: RegExp }[] = [
  { name: 'update(operations)', pattern: /\bupdate\(\s*operations\s*\)/ },
  {
    name: ".from(operations) … .for('update')",
    // A select on operations that ends in a row lock within the same statement (no `;` in between).
    pattern: /\.from\(\s*operations\s*\)[^;]*?\.for\(\s*['"]update['"]/,
  },
  { name: 'raw UPDATE operations SQL', pattern: /\bupdate\s+(?:"operations"|operations\b|\$\{\s*operations\s*\})/i },
];

/** Source files where the rule holds: not the aggregate, tests, migrations (SQL) or the seed. */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'seed' || entry.name === 'test' ? [] : sourceFiles(path);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name)) return [];
    return [path];
  });
}

/** Every (file, rule) the tree breaks: only the operation aggregate may lock or write an operation row. */
export function findOperationWriters(root: string): string[] {
  return sourceFiles(root).flatMap((path) => {
    const file = relative(root, path).split('\\').join('/');
    if (file === AGGREGATE) return [];
    const text = readFileSync(path, 'utf8');
    return VIOLATIONS.filter(({ pattern }) => pattern.test(text)).map(({ name }) => `${file}: ${name}`);
  });
}

describe('the operation aggregate', () => {
  it('is the only module that locks or updates a row of operations', () => {
    expect(findOperationWriters(SERVER_SRC)).toEqual([]);
  });

  it('recognises each kind of write it forbids', () => {
    const samples = [
      "await tx.update(operations).set({ status: 'active' })",
      "const [row] = await tx.select().from(operations).where(eq(operations.id, id)).for('update');",
      'await db.execute(sql`update ${operations} set views_count = views_count + 1`)',
      "await db.execute(sql`UPDATE operations SET status = 'active'`)",
    ];
    for (const sample of samples) {
      expect(
        VIOLATIONS.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(true);
    }
    // A lock on another table, or a plain read of operations, is not a write.
    for (const sample of [
      "await tx.select().from(orders).where(eq(orders.id, id)).for('update');",
      'await db.select().from(operations).where(eq(operations.id, id));',
      'await tx.update(orders).set({ status })',
    ]) {
      expect(
        VIOLATIONS.some(({ pattern }) => pattern.test(sample)),
        sample,
      ).toBe(false);
    }
  });
});
