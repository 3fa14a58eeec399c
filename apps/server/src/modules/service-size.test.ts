import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULES = join(dirname(fileURLToPath(import.meta.url)));
/** A service holds the rules of a few verbs; past this many lines it is cut by verb (docs/architecture.md). */
export const MAX_SERVICE_LINES = 300;

function serviceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return serviceFiles(path);
    return entry.name.endsWith('.service.ts') ? [path] : [];
  });
}

/** Every service file of `root` longer than `max` lines, as "path: n lines". */
export function findLongServices(root: string, max = MAX_SERVICE_LINES): string[] {
  return serviceFiles(root).flatMap((path) => {
    const lines = readFileSync(path, 'utf8').split('\n').length - 1;
    return lines > max ? [`${relative(root, path).split('\\').join('/')}: ${lines} lines`] : [];
  });
}

describe('service files', () => {
  it(`stay within ${MAX_SERVICE_LINES} lines, each cut by verb`, () => {
    expect(findLongServices(MODULES)).toEqual([]);
  });

  it('are all found: the rule reads the real tree', () => {
    expect(serviceFiles(MODULES).length).toBeGreaterThan(20);
    expect(findLongServices(MODULES, 10).length).toBeGreaterThan(0);
  });
});
