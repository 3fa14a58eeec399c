#!/usr/bin/env node
// Bundles the server into dist/server.js. Every npm package stays external and is
// loaded from node_modules at run time, except @tradeops/shared, which is
// TypeScript source and must be compiled in. Runtime files (drizzle/ migrations,
// seed assets, the web build) are read from the package directory, not bundled.
import { build } from 'esbuild';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = dirname(fileURLToPath(import.meta.url));

/** Bare imports ("fastify", "@fastify/static", "drizzle-orm/pg-core") are external, but not the shared package. */
const externalPackages = {
  name: 'external-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@tradeops/shared' || args.path.startsWith('@tradeops/shared/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

await build({
  entryPoints: [join(packageDir, 'src/server.ts')],
  outfile: join(packageDir, 'dist/server.js'),
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  sourcemap: true,
  legalComments: 'none',
  logLevel: 'warning',
  plugins: [externalPackages],
});
console.info('Built apps/server/dist/server.js');
