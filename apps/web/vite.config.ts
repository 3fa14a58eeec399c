import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { catalogNamespaces } from './catalog-namespaces.ts';

/**
 * The framework every page needs, in one long-cached chunk. Listed by name on
 * purpose: a catch-all node_modules group would drag libraries used by one lazy
 * page (or zod, loaded on demand) into the landing's initial download.
 */
const FRAMEWORK_PACKAGES =
  /[\\/]node_modules[\\/](preact|react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+|i18next|react-i18next|html-parse-stringify)[\\/]/;

/**
 * One UI runtime everywhere: the app is written against React's API and runs on preact/compat in
 * the browser build, the dev server, the unit tests and the server renderer (home initial JS
 * 158 → 100 KB gzip; docs/decisions/010-performance-budgets-and-caches.md and 015).
 */
const PREACT_ALIASES = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-dev-runtime' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
];

/**
 * React Router 7 reads `use` and `useOptimistic` off the React module and falls back when they are
 * missing, as they are in preact/compat; on the aliased build Rolldown warns that those two imports
 * are undefined. Exactly those two warnings, from react-router's own files, are expected and dropped;
 * every other log passes through.
 */
function isReactRouterProbingPreact(log: { code?: string; id?: string; message: string }): boolean {
  return (
    log.code === 'IMPORT_IS_UNDEFINED' &&
    /[\\/]node_modules[\\/]react-router[\\/]/.test(log.id ?? '') &&
    /Import `(use|useOptimistic)` will always be undefined .*preact[\\/]compat/.test(log.message)
  );
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [catalogNamespaces(), react(), tailwindcss()],
  resolve: { alias: PREACT_ALIASES },
  // The server renderer (`vite build --ssr src/entry-server.tsx`) bundles its libraries, so the
  // aliases reach their own imports of React too; only Node's built-ins stay outside.
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (!isReactRouterProbingPreact(log)) handler(level, log);
      },
      output: isSsrBuild
        ? { codeSplitting: false }
        : { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_PACKAGES }] } },
    },
  },
}));
