/**
 * The operator's commands, bundled into dist/cli.js so they run with plain node wherever the
 * server runs (the image has no tsx): `node apps/server/dist/cli.js <command> [args]`, which is the
 * image's entrypoint (`docker compose run --rm app1 db:migrate`; docs/deploy.md). In the repository,
 * `npm run <command>` runs the same code from source.
 */
// Each command loads only its own modules (from source, tsx need not compile the whole server for an export).
const COMMANDS: Record<string, { run: (args: string[]) => Promise<void>; help: string }> = {
  serve: {
    run: async () => (await import('./server-main')).runServer(),
    help: 'migrate, seed the demo data if SEED_DEMO=true, serve web and API (the default)',
  },
  'db:migrate': {
    run: async () => (await import('./db/migrate-cli')).runMigrateCommand(),
    help: 'apply the migrations to DATABASE_URL or the embedded database',
  },
  'db:seed': {
    run: async () => (await import('./seed/seed-cli')).runSeedCommand(),
    help: 'migrate, then write the demo data (idempotent)',
  },
  'db:export': {
    run: async (args) => (await import('./db/export-cli')).runExportCommand(args),
    help: '[file]  the embedded database of DATA_DIR as a SQL dump for PostgreSQL',
  },
  'storage:migrate': {
    run: async () => (await import('./plugins/storage/storage-migrate-cli')).runStorageMigrateCommand(),
    help: 'copy DATA_DIR/storage into the STORAGE=s3 bucket',
  },
};

const [name = 'serve', ...args] = process.argv.slice(2);
const command = COMMANDS[name];
if (!command) {
  const list = Object.entries(COMMANDS).map(([commandName, { help }]) => `  ${commandName.padEnd(16)} ${help}`);
  console.error([`Unknown command ${JSON.stringify(name)}. Commands:`, ...list].join('\n'));
  process.exit(2);
}
await command.run(args);

// A module (top-level await), though it exports nothing.
export {};
