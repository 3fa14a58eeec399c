import { defineConfig } from 'vitest/config';

/**
 * Three projects: `unit` (pure rules, node), `web` (components, jsdom) and
 * `api` (the HTTP API over a real, migrated and seeded database: PGlite by
 * default, PostgreSQL when DATABASE_URL is set).
 */
/**
 * Two cores: the three projects' files share two workers (each API file has its own database), so the
 * web files' waits and the API files' work fill each other's gaps.
 */
const MAX_WORKERS = 2;

export default defineConfig({
  test: {
    maxWorkers: MAX_WORKERS,
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          include: ['packages/shared/src/**/*.test.ts', 'apps/server/src/**/*.test.ts', 'scripts/**/*.test.mjs'],
          exclude: ['apps/server/src/**/*.api.test.ts', '**/node_modules/**'],
          setupFiles: ['./vitest.setup.ts'],
          // Pure rules over plain data (no mocked modules, stubbed globals or fake timers): the files share
          // a worker's module cache, as the API files do (half the project's time was importing).
          isolate: false,
        },
      },
      {
        // The app's own Vite configuration (React, Tailwind), on React and React DOM as the browser runs them.
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['../../vitest.setup.ts', './src/test/setup.ts'],
          // Said again here: a project that extends a Vite configuration does not inherit it, and got the
          // default (cores − 1 = 1), so its files ran one at a time, apart from the other projects' files.
          maxWorkers: MAX_WORKERS,
          // One jsdom per worker, not one per file (creating it was 38 % of the project's time): the
          // setup file blanks the window after each test and has the next file import the app's modules
          // afresh, so files stay independent of their order (checked with --sequence.shuffle).
          isolate: false,
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          include: ['apps/server/src/**/*.api.test.ts'],
          setupFiles: ['./vitest.setup.ts'],
          // Migrates and seeds one template database per run; each file starts from a copy.
          globalSetup: ['./apps/server/src/test/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Every file builds its own app on its own database copy, so files may share a worker's
          // module cache: the app's module graph is imported once per worker, not once per file.
          isolate: false,
        },
      },
    ],
  },
});
