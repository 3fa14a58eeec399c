import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package directory (apps/server). This file sits one level below it
 * both as source (src/paths.ts) and bundled (dist/server.js), so runtime files
 * that are not bundled (migrations, seed assets, the web build) resolve the same
 * from tsx, vitest and the production bundle.
 */
export const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

export function fromPackageDir(...segments: string[]): string {
  return resolve(PACKAGE_DIR, ...segments);
}

export const MIGRATIONS_DIR = fromPackageDir('drizzle');
export const SEED_ASSETS_DIR = fromPackageDir('src/seed/assets');
