import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PACKAGE_DIR } from '../../paths';
import { type TestS3Server, startS3Server } from '../../test/s3-server';
import { copyDiskStoreToS3 } from './copy-disk-store';
import { createLocalDiskStorage } from './local-disk-storage';
import { type S3Storage, createS3Storage } from './s3-storage';

const run = promisify(execFile);

describe('copying a disk store into S3 (npm run storage:migrate)', () => {
  let dataDir: string;
  let root: string;
  let server: TestS3Server;
  let bucket: S3Storage;
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'tradeops-migrate-'));
    root = join(dataDir, 'storage');
    server = await startS3Server();
    bucket = createS3Storage(server.options);
    // A store as the disk driver leaves it: files, their metadata, a temporary of an interrupted write.
    const disk = createLocalDiskStorage(root);
    await disk.put('documents', 'user-1/government_id/a.png', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 255]), {
      contentType: 'image/png',
      fileName: 'Cédula.png',
    });
    await disk.put('specs', 'milk-powder/milk-powder-specification-v2.1.pdf', Buffer.from('%PDF-1.7 spec'), {
      contentType: 'application/pdf',
      fileName: 'Ficha técnica.pdf',
    });
    await disk.put('payment-proofs', 'p/proof.pdf', Buffer.from('%PDF proof'), { contentType: 'application/pdf' });
    await writeFile(join(root, 'documents', 'user-1', '.0123abcd.tmp'), 'half a file');
  });
  afterEach(async () => {
    await server.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('copies every file with its metadata, then skips what is already there with the same size', async () => {
    const first = await copyDiskStoreToS3(root, bucket);
    expect(first).toEqual({
      copied: 3,
      skipped: 0,
      ignored: ['documents/user-1/.0123abcd.tmp'],
      failed: [],
    });
    const id = await bucket.get('documents', 'user-1/government_id/a.png');
    expect(id?.meta).toEqual({ contentType: 'image/png', fileName: 'Cédula.png', size: 6 });
    expect([...(await buffer(id!.stream))]).toEqual([0x89, 0x50, 0x4e, 0x47, 0, 255]);
    expect((await bucket.stat('specs', 'milk-powder/milk-powder-specification-v2.1.pdf'))?.fileName).toBe(
      'Ficha técnica.pdf',
    );
    expect((await bucket.stat('payment-proofs', 'p/proof.pdf'))?.fileName).toBeNull();

    const again = await copyDiskStoreToS3(root, bucket);
    expect(again).toMatchObject({ copied: 0, skipped: 3, failed: [] });

    // A file that changed size since (or whose earlier copy broke off) is copied again.
    await createLocalDiskStorage(root).put('payment-proofs', 'p/proof.pdf', Buffer.from('%PDF proof, v2'), {
      contentType: 'application/pdf',
    });
    expect(await copyDiskStoreToS3(root, bucket)).toMatchObject({ copied: 1, skipped: 2, failed: [] });
    expect((await bucket.stat('payment-proofs', 'p/proof.pdf'))?.size).toBe(14);
  });

  it('reports a copy that fails and goes on with the others', async () => {
    const unreachable = createS3Storage({ ...server.options, bucket: 'no-such-bucket' });
    const report = await copyDiskStoreToS3(root, unreachable);
    expect(report.copied).toBe(0);
    expect(report.failed.map((failure) => failure.file)).toEqual([
      'documents/user-1/government_id/a.png',
      'payment-proofs/p/proof.pdf',
      'specs/milk-powder/milk-powder-specification-v2.1.pdf',
    ]);
  });

  it('runs as a command that prints its counts, and refuses to run without STORAGE=s3', async () => {
    const cli = (env: Record<string, string>) =>
      run(process.execPath, ['--import', 'tsx', 'src/cli.ts', 'storage:migrate'], {
        cwd: PACKAGE_DIR,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, ...env },
      });
    const first = await cli(server.env);
    expect(first.stdout).toContain('3 copied, 0 already in the bucket, 1 ignored, 0 failed.');
    const second = await cli(server.env);
    expect(second.stdout).toContain('0 copied, 3 already in the bucket, 1 ignored, 0 failed.');
    expect(await bucket.exists('specs', 'milk-powder/milk-powder-specification-v2.1.pdf')).toBe(true);

    await expect(cli({})).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining('set STORAGE=s3'),
    });
  }, 30_000);
});
