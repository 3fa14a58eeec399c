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
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@tanstack[\\/][^\\/]+|i18next|react-i18next|html-parse-stringify)[\\/]/;

export default defineConfig(({ command, isSsrBuild }) => ({
  plugins: [catalogNamespaces(), react(), tailwindcss()],
  // The built server renderer (`vite build --ssr src/entry-server.tsx`) bundles its libraries: the
  // server loads one file, and only Node's built-ins stay outside. In development (the API server
  // runs Vite in middleware mode, apps/server/src/plugins/web-dev.ts) Node loads them as they are.
  ssr: command === 'build' ? { noExternal: true } : {},
  // The built server renderer is React's production server build whatever NODE_ENV the server runs
  // under (the end-to-end suite runs it with NODE_ENV=test): Vite leaves process.env alone in an SSR
  // build, so react-dom/server's development and production builds were both bundled (3.4 MB).
  define: command === 'build' && isSsrBuild ? { 'process.env.NODE_ENV': JSON.stringify('production') } : {},
  build: {
    outDir: isSsrBuild ? 'dist-ssr' : 'dist',
    copyPublicDir: !isSsrBuild,
    sourcemap: false,
    rolldownOptions: {
      output: isSsrBuild
        ? { codeSplitting: false }
        : { codeSplitting: { groups: [{ name: 'framework', test: FRAMEWORK_PACKAGES }] } },
    },
  },
}));
