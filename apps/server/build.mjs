#!/usr/bin/env node
// Bundles the server into dist/: server.js (what `npm start` and the image run) and cli.js (the
// operator's commands: db:migrate, db:seed, db:export, storage:migrate, and serve; docs/deploy.md),
// so both run with plain node, no tsx. Every npm package stays external and is loaded from
// node_modules at run time, except @tradeops/shared, which is TypeScript source and must be
// compiled in. Runtime files (drizzle/ migrations, seed assets, the web build) are read from the
// package directory, not bundled: an output folder must sit directly in apps/server.
import { build } from 'esbuild';
import { dirname, join, resolve } from 'node:path';
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

/** Builds server.js and cli.js into `outDir` (default apps/server/dist; tests build into folders of their own). */
export async function buildServerBundle(outDir = join(packageDir, 'dist')) {
  await build({
    entryPoints: { server: join(packageDir, 'src/server.ts'), cli: join(packageDir, 'src/cli.ts') },
    outdir: outDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: true,
    legalComments: 'none',
    logLevel: 'warning',
    plugins: [externalPackages],
  });
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServerBundle();
  console.info('Built apps/server/dist/server.js and dist/cli.js');
}
