import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// On the web, a feature never imports another feature; the app layer composes them (docs/architecture.md, Layout).
const webFeatures = readdirSync(new URL('./apps/web/src/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const featureZones = webFeatures.map((feature) => ({
  target: `./apps/web/src/features/${feature}`,
  from: './apps/web/src/features',
  except: [`./${feature}`],
  message: 'a feature does not import another feature; compose them in apps/web/src/app',
}));
// Shared code (lib, components/ui) never reaches up into features or the app layer.
const layerZones = [
  {
    target: './apps/web/src/lib',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'lib sits below features and app',
  },
  {
    target: './apps/web/src/components',
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'ui components sit below features and app',
  },
  { target: './apps/web/src/features', from: './apps/web/src/app', message: 'features do not import the app layer' },
];

// On the server, plugins sit below modules, and a module reaches another module only through its
// public files: its services (`*.service.ts`) and the named files below (globs, as import-x wants
// every exception to be one when `from` is a glob).
const serverSrc = new URL('./apps/server/src', import.meta.url).pathname;
const serverModules = readdirSync(`${serverSrc}/modules`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const modulePublicFiles = [
  `${serverSrc}/modules/*/*.service.ts`,
  // Telling a user (notifyUser, loadRecipient), a buyer's held tons, the escrow account names, and the
  // operation aggregate (the only writer of an operation row, docs/decisions/013).
  `${serverSrc}/modules/{notifications/notify,orders/buyer-limits,escrow/ledger-accounts,operations/operation-aggregate}.ts`,
];
// Layers, bottom to top: errors.ts and config.ts, db/, plugins/, modules/, then what composes them
// (jobs/handlers.ts, the seed, app.ts). Nothing imports a layer above its own.
const serverZones = [
  {
    target: ['./apps/server/src/errors.ts', './apps/server/src/config.ts'],
    from: ['./apps/server/src/plugins', './apps/server/src/modules', './apps/server/src/jobs', './apps/server/src/db'],
    message: 'errors.ts and config.ts sit at the bottom: move what they need down to them or to packages/shared',
  },
  {
    target: ['./apps/server/src/plugins', './apps/server/src/modules', './apps/server/src/db'],
    from: './apps/server/src/jobs/handlers.ts',
    message: 'the job handlers are wired where the app is composed (app.ts), never imported from below',
  },
  {
    target: './apps/server/src/plugins',
    from: './apps/server/src/modules',
    message: 'plugins never import modules; give the plugin what it needs (options, a decorator) instead',
  },
  ...serverModules.map((module) => ({
    target: `./apps/server/src/modules/${module}`,
    from: `${serverSrc}/modules/!(${module})/**`,
    except: modulePublicFiles,
    message:
      'a module imports another module only through its *.service.ts (or a public file named in eslint.config.js)',
  })),
];

const appZones = [
  { target: './packages/shared', from: ['./apps'], message: 'shared depends on neither app' },
  { target: './apps/web', from: './apps/server', message: 'web and server never import each other' },
  { target: './apps/server', from: './apps/web', message: 'web and server never import each other' },
  ...featureZones,
  ...layerZones,
];
/** The database layer's code sits under plugins and modules (its migration tests may seed and call services). */
const dbZone = {
  // The database layer (schema, client, migrations, keyset paging) sits under plugins and modules; the demo
  // seed composes modules and plugins, so it lives above them in src/seed.
  target: './apps/server/src/db',
  from: [
    './apps/server/src/plugins',
    './apps/server/src/modules',
    './apps/server/src/jobs',
    './apps/server/src/seed',
    './apps/server/src/app.ts',
  ],
  message: 'db/ is a lower layer: it imports no plugin, module, job, seed or the app (move the code up or down)',
};
/** The demo seed composes plugins and modules: their code never imports it (their tests may, for demo ids). */
const seedZone = {
  target: ['./apps/server/src/plugins', './apps/server/src/modules'],
  from: './apps/server/src/seed',
  message: 'the demo seed sits above the modules: nothing below it imports it (tests may)',
};

/** The test suites' shared examples (`@tradeops/shared/testing`) never reach the application's code. */
const testingZone = {
  target: ['./apps/server/src', './apps/web/src', './packages/shared/src'],
  from: './packages/shared/src/testing',
  message: 'test examples are for the test suites: application code never imports @tradeops/shared/testing',
};
/** Test files and the suites' own helpers, where `testingZone` does not apply. */
const testFiles = [
  '**/*.test.ts',
  '**/*.test.tsx',
  'apps/server/src/test/**',
  'apps/web/src/test/**',
  'packages/shared/src/testing/**',
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/dist-ssr/**',
      'apps/server/dist-test-*/**',
      '**/node_modules/**',
      'data/**',
      'apps/server/drizzle/**',
      'playwright-report/**',
      'test-results/**',
      'bench/results/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      // Without these, import-x skips every .ts file it follows, and no-cycle never sees a cycle.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            './packages/shared/tsconfig.json',
            './apps/server/tsconfig.json',
            './apps/web/tsconfig.json',
            './tsconfig.e2e.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'no-console': ['error', { allow: ['warn', 'error', 'info'] }],
      // Imports flow one way (docs/architecture.md, Layout): shared → server, shared → web; never web ↔ server.
      'import-x/no-restricted-paths': ['error', { zones: [...appZones, ...serverZones] }],
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/packages/shared/**'], message: "Import '@tradeops/shared' by name" }] },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: testFiles,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...appZones, ...serverZones, dbZone, seedZone, testingZone] },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    ignores: testFiles,
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...appZones, ...serverZones, testingZone] }] },
  },
  {
    files: ['packages/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'node:*', 'drizzle-orm', 'drizzle-orm/*', 'fastify', 'pg'],
              message: 'shared stays free of React, Node APIs and Drizzle',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}', 'apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
);
