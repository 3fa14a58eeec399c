import { type FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { type AppConfig, ConfigError, demoSeedWarnings, getLaunchDir, loadConfig } from './config';
import { DataDirLockedError } from './db/pglite-lock';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './seed/demo-accounts';
import { CLOSE_BUDGET_MS, stopGracefully } from './plugins/graceful-stop';

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

/** Starts the server (config, database, listen) and stops it on SIGTERM/SIGINT; exits the process on failure. */
export async function runServer(): Promise<void> {
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

  // SIGTERM (docker stop, a scheduler): drain first, as a load balancer is in front. SIGINT (Ctrl-C
  // at a terminal): no drain. A second signal, or a stop running over its budget, forces the exit.
  let isStopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (isStopping) process.exit(1);
    isStopping = true;
    const drainMs = signal === 'SIGTERM' ? app.config.shutdownDrainMs : 0;
    const startedAt = Date.now();
    app.log.info({ signal, drainMs }, 'shutting down');
    setTimeout(() => {
      console.error(`Shutdown took longer than ${(drainMs + CLOSE_BUDGET_MS) / 1000} s: exiting anyway.`);
      process.exit(1);
    }, drainMs + CLOSE_BUDGET_MS).unref();
    stopGracefully(app, { drainMs }).then(
      () => {
        app.log.info({ durationMs: Date.now() - startedAt }, 'stopped');
        process.exit(0);
      },
      (error: unknown) => {
        console.error(`Shutdown failed: ${(error as Error).message}`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
