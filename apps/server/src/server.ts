import { type FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, ConfigError, demoSeedWarnings, getLaunchDir, loadConfig } from './config';
import { DataDirLockedError } from './db/pglite-lock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo-accounts';

/** One line for the person starting the server: what is wrong and, where it helps, what to do. */
function describeStartupError(error: unknown, config: AppConfig | null): string {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) return error.message;
  const { code, message } = error as { code?: string; message?: string };
  if (code === 'EADDRINUSE' && config) {
    return `Port ${config.port} on ${config.host} is already in use; stop the other server or set PORT.`;
  }
  if (
    config?.databaseUrl &&
    (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === '3D000' || code === '28P01')
  ) {
    return `Cannot connect to the database named by DATABASE_URL: ${message ?? code}`;
  }
  return `Start-up failed: ${message ?? String(error)}`;
}

function printBanner(config: AppConfig): void {
  const lines = [
    `TradeOps is running at ${config.publicUrl} (listening on ${config.host}:${config.port}; API reference: /api/docs)`,
  ];
  if (config.seedDemo) {
    lines.push(`Demo accounts (password ${DEMO_PASSWORD}):`);
    for (const demo of DEMO_ACCOUNTS) {
      if (demo.bannerRole) lines.push(`  ${demo.email.padEnd(26)} ${demo.bannerRole}`);
    }
  }
  console.info(lines.join('\n'));
  for (const warning of demoSeedWarnings(config)) {
    const rule = '!'.repeat(78);
    console.warn(`\n${rule}\nWARNING: ${warning}\n${rule}\n`);
  }
}

async function main(): Promise<void> {
  let config: AppConfig | null = null;
  let app: FastifyInstance | null = null;
  try {
    config = loadConfig(process.env, getLaunchDir(process.env));
    app = await buildApp(config);
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    console.error(describeStartupError(error, config));
    if (app) await app.close().catch(() => undefined);
    process.exit(1);
  }
  printBanner(app.config);

  // Close the HTTP server, then the database and the data-directory lock; a second signal forces the exit.
  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1);
    isStopping = true;
    app.log.info({ signal }, 'shutting down');
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main();
