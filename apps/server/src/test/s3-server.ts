import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import { type S3StorageOptions } from '../plugins/storage/s3-storage';

export interface TestS3Server {
  /** The driver's settings for this server's bucket. */
  options: S3StorageOptions;
  /** The same as environment variables (STORAGE=s3 and the S3_* settings), for testConfig. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/** s3rver's built-in account (it accepts no other). */
const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };

/**
 * A real S3-compatible server on loopback (s3rver: S3's REST API over a folder, signatures
 * checked), with one empty bucket, its files in a temporary folder removed on close.
 */
export async function startS3Server(bucket = 'tradeops-test'): Promise<TestS3Server> {
  const directory = await mkdtemp(join(tmpdir(), 'tradeops-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const options: S3StorageOptions = {
    endpoint: `http://127.0.0.1:${port}`,
    region: 'us-east-1',
    bucket,
    ...S3RVER_CREDENTIALS,
  };
  return {
    options,
    env: {
      STORAGE: 's3',
      S3_ENDPOINT: options.endpoint,
      S3_REGION: options.region,
      S3_BUCKET: options.bucket,
      S3_ACCESS_KEY_ID: options.accessKeyId,
      S3_SECRET_ACCESS_KEY: options.secretAccessKey,
    },
    close: async () => {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
