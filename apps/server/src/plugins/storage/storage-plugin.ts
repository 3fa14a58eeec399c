import { join } from 'node:path';
import { type AppConfig, ConfigError } from '../../config';
import { appPlugin } from '../app-plugin';
import { createLocalDiskStorage } from './local-disk-storage';
import { type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

export function createStorage(config: AppConfig): Storage {
  if (config.storage.driver === 's3') {
    throw new ConfigError(
      'Invalid configuration: STORAGE=s3 is not available yet (the S3 driver is not part of this version); use STORAGE=fs',
    );
  }
  return createLocalDiskStorage(join(config.dataDir, 'storage'));
}

export const storagePlugin = appPlugin<{ storage: Storage }>(async (app, options) => {
  app.decorate('storage', options.storage);
});
