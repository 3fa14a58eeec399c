/**
 * `npm run storage:migrate`: copies every file of the disk store (DATA_DIR/storage) into the
 * S3 bucket that STORAGE=s3 and the S3_* settings name. Safe to run again: files already
 * there with the same size are skipped. Needs no database, so it can run beside the app.
 */
import { ConfigError, getLaunchDir, loadConfig } from '../../config';
import { copyDiskStoreToS3 } from './copy-disk-store';
import { createS3Storage } from './s3-storage';
import { localStorageDir } from './storage-plugin';

/** Copies DATA_DIR/storage into the bucket; exits 1 when a file failed or the settings are wrong. */
export async function runStorageMigrateCommand(): Promise<void> {
  try {
    const config = loadConfig(process.env, getLaunchDir(process.env));
    if (config.storage.driver !== 's3') {
      throw new ConfigError(
        'storage:migrate copies DATA_DIR/storage into an S3 bucket: set STORAGE=s3 and S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY',
      );
    }
    const root = localStorageDir(config);
    console.info(`Copying ${root} into s3 bucket ${config.storage.bucket} at ${config.storage.endpoint}`);
    const report = await copyDiskStoreToS3(root, createS3Storage(config.storage), (line) => console.info(line));
    for (const file of report.ignored) console.warn(`ignored ${file}: not a storage key the app writes`);
    for (const { file, reason } of report.failed) console.error(`failed ${file}: ${reason}`);
    console.info(
      `${report.copied} copied, ${report.skipped} already in the bucket, ${report.ignored.length} ignored, ${report.failed.length} failed.`,
    );
    if (report.failed.length > 0) process.exit(1);
  } catch (error) {
    console.error(
      error instanceof ConfigError ? error.message : `Storage migration failed: ${(error as Error).message}`,
    );
    process.exit(1);
  }
}
