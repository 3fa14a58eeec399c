import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join, resolve, sep } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type Storage, type StorageBucket, type StoredObjectMeta, StorageKeyError, assertStorageKey } from './storage';

/**
 * Files under `<root>/<bucket>/<key>`, their metadata under `<root>/.meta/<bucket>/<key>.json`
 * (keys cannot start with a dot, so the two never collide). Writes go to a temporary
 * file renamed into place, so a reader never sees half a file.
 */
export function createLocalDiskStorage(root: string): Storage {
  const rootDir = resolve(root);

  function pathsOf(bucket: StorageBucket, key: string) {
    assertStorageKey(bucket, key);
    const bucketDir = join(rootDir, bucket);
    const file = resolve(bucketDir, key);
    // Belt and braces beside the key pattern.
    if (!file.startsWith(bucketDir + sep)) throw new StorageKeyError(`Unsafe storage key: ${JSON.stringify(key)}`);
    return { file, meta: join(rootDir, '.meta', bucket, `${key}.json`) };
  }

  async function readMeta(metaPath: string, size: number): Promise<StoredObjectMeta> {
    try {
      const saved = JSON.parse(await readFile(metaPath, 'utf8')) as Partial<StoredObjectMeta>;
      return { contentType: saved.contentType ?? 'application/octet-stream', fileName: saved.fileName ?? null, size };
    } catch {
      return { contentType: 'application/octet-stream', fileName: null, size };
    }
  }

  return {
    async put(bucket, key, data, meta) {
      const paths = pathsOf(bucket, key);
      await mkdir(dirname(paths.file), { recursive: true });
      await mkdir(dirname(paths.meta), { recursive: true });
      const temporary = join(dirname(paths.file), `.${randomBytes(8).toString('hex')}.tmp`);
      try {
        const source = data instanceof Readable ? data : Readable.from([Buffer.from(data)]);
        await pipeline(source, createWriteStream(temporary, { mode: 0o600 }));
        const { size } = await stat(temporary);
        const stored: StoredObjectMeta = { contentType: meta.contentType, fileName: meta.fileName ?? null, size };
        await writeFile(paths.meta, JSON.stringify(stored), { mode: 0o600 });
        await rename(temporary, paths.file);
        return stored;
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
    },

    async get(bucket, key) {
      const paths = pathsOf(bucket, key);
      const info = await stat(paths.file).catch(() => null);
      if (!info?.isFile()) return null;
      return { stream: createReadStream(paths.file), meta: await readMeta(paths.meta, info.size) };
    },

    async delete(bucket, key) {
      const paths = pathsOf(bucket, key);
      await rm(paths.file, { force: true });
      await rm(paths.meta, { force: true });
    },

    async exists(bucket, key) {
      const paths = pathsOf(bucket, key);
      const info = await stat(paths.file).catch(() => null);
      return info?.isFile() ?? false;
    },
  };
}
