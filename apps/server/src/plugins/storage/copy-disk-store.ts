import { readdir, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { createLocalDiskStorage } from './local-disk-storage';
import { type S3Storage } from './s3-storage';
import { STORAGE_BUCKETS, type StorageBucket, StorageKeyError, assertStorageKey } from './storage';

export interface CopyReport {
  /** Files written to the bucket by this run. */
  copied: number;
  /** Files the bucket already held with the same size (an earlier run copied them). */
  skipped: number;
  /** Files that are no valid storage key (never written by the app): left where they are. */
  ignored: string[];
  /** Files whose copy failed, with the reason; a later run tries them again. */
  failed: { file: string; reason: string }[];
}

/** The keys under one bucket folder of a disk store, as the disk driver spells them. */
async function listKeys(root: string, bucket: StorageBucket): Promise<string[]> {
  const bucketDir = join(root, bucket);
  const entries = await readdir(bucketDir, { recursive: true, withFileTypes: true }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(bucketDir, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * Copies every file of a disk store (`DATA_DIR/storage`, the disk driver's layout) into S3 under
 * the same bucket/key, with its content type and download name. Idempotent: a file the bucket
 * already holds with the same size is skipped, so a run that stopped half-way is simply run again.
 * The disk store is only read.
 */
export async function copyDiskStoreToS3(
  root: string,
  target: S3Storage,
  onFile: (line: string) => void = () => undefined,
): Promise<CopyReport> {
  const source = createLocalDiskStorage(root);
  const report: CopyReport = { copied: 0, skipped: 0, ignored: [], failed: [] };
  for (const bucket of STORAGE_BUCKETS) {
    for (const key of await listKeys(root, bucket)) {
      const file = `${bucket}/${key}`;
      try {
        assertStorageKey(bucket, key);
      } catch (error) {
        if (!(error instanceof StorageKeyError)) throw error;
        // The disk driver's temporaries (`.<random>.tmp`) and anything put there by hand.
        report.ignored.push(file);
        continue;
      }
      try {
        const { size } = await stat(join(root, bucket, key));
        const existing = await target.stat(bucket, key);
        if (existing?.size === size) {
          report.skipped += 1;
          continue;
        }
        const stored = await source.get(bucket, key);
        if (!stored) throw new Error('the file disappeared while copying');
        await target.put(bucket, key, stored.stream, {
          contentType: stored.meta.contentType,
          fileName: stored.meta.fileName,
        });
        report.copied += 1;
        onFile(`copied ${file}`);
      } catch (error) {
        report.failed.push({ file, reason: (error as Error).message });
      }
    }
  }
  return report;
}
