import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type AppConfig, ConfigError } from './config';

/** Where the generated secret is kept (`npm run db:export` points operators to it). */
export function generatedSessionSecretPath(dataDir: string): string {
  return join(dataDir, 'session-secret');
}

/**
 * Outside production an unset SESSION_SECRET is generated once and kept in
 * DATA_DIR (mode 600), so sessions survive restarts without any setup.
 */
export async function resolveSessionSecret(config: AppConfig): Promise<AppConfig> {
  if (config.sessionSecret) return config;
  if (config.isProduction) throw new ConfigError('Invalid configuration: SESSION_SECRET is required in production');
  const path = generatedSessionSecretPath(config.dataDir);
  await mkdir(config.dataDir, { recursive: true });
  try {
    await writeFile(path, randomBytes(48).toString('base64url'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    // Already there (kept from an earlier run, or written by a racing start): read it.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const secret = (await readFile(path, 'utf8')).trim();
  if (secret.length < 32) {
    throw new ConfigError(`Invalid configuration: ${path} must hold a SESSION_SECRET of at least 32 characters`);
  }
  return { ...config, sessionSecret: secret };
}
