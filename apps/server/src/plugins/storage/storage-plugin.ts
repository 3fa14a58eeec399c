import { join } from 'node:path';
import { type AppConfig } from '../../config';
import { appPlugin } from '../app-plugin';
import { createLocalDiskStorage } from './local-disk-storage';
import { createS3Storage } from './s3-storage';
import { type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    storage: Storage;
  }
}

/** The configured driver: files under DATA_DIR/storage, or in the S3 bucket (STORAGE=s3) that several instances share. */
export function createStorage(config: AppConfig): Storage {
  if (config.storage.driver === 's3') return createS3Storage(config.storage);
  return createLocalDiskStorage(localStorageDir(config));
}

/** Where the disk driver keeps its files (and where `npm run storage:migrate` reads them from). */
export function localStorageDir(config: Pick<AppConfig, 'dataDir'>): string {
  return join(config.dataDir, 'storage');
}

export const storagePlugin = appPlugin<{ storage: Storage }>(async (app, options) => {
  app.decorate('storage', options.storage);
});
