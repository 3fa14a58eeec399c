import { mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { PACKAGE_DIR } from '../paths';

export interface ServerBundle {
  /** dist/server.js's twin: the server. */
  server: string;
  /** dist/cli.js's twin: the operator's commands. */
  cli: string;
  remove(): Promise<void>;
}

/**
 * The server bundle as `npm run build` makes it (apps/server/build.mjs), built from the current
 * sources into a folder of this test's own inside apps/server (the bundle finds its migrations
 * beside it), so test files running side by side never read a bundle another one is writing.
 */
export async function buildServerBundle(): Promise<ServerBundle> {
  const outDir = await mkdtemp(join(PACKAGE_DIR, 'dist-test-'));
  const { buildServerBundle: build } = (await import(join(PACKAGE_DIR, 'build.mjs'))) as {
    buildServerBundle(outDir: string): Promise<void>;
  };
  await build(outDir);
  return {
    server: join(outDir, 'server.js'),
    cli: join(outDir, 'cli.js'),
    remove: () => rm(outDir, { recursive: true, force: true }),
  };
}
