import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { type Storage, type StorageBucket, type StoredObjectMeta, assertStorageKey } from './storage';

export interface S3StorageOptions {
  endpoint: string;
  region: string;
  /** The one S3 bucket; our buckets (`documents`, `specs`, …) are key prefixes inside it. */
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The S3 driver answers one more question than the contract (an object's size and metadata without its body), and always tells whether the bucket answers. */
export interface S3Storage extends Storage {
  /** null when there is no such object. */
  stat(bucket: StorageBucket, key: string): Promise<StoredObjectMeta | null>;
  checkReachable(timeoutMs: number): Promise<boolean>;
}

/** The object metadata that holds the download name, percent-encoded (S3 metadata travels in ASCII headers). */
const FILE_NAME_METADATA = 'file-name';
const DEFAULT_CONTENT_TYPE = 'application/octet-stream';
/** A stream goes up in parts of this size (S3's minimum), two at a time: memory stays bounded whatever its length. */
const UPLOAD_PART_BYTES = 5 * 1024 * 1024;
const UPLOAD_QUEUE_SIZE = 2;

function isNotFound(error: unknown): boolean {
  if (!(error instanceof S3ServiceException)) return false;
  // A missing bucket is a configuration error, never "no such file".
  if (error.name === 'NoSuchBucket') return false;
  return error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404;
}

function metaOf(
  answer: { ContentType?: string; ContentLength?: number; Metadata?: Record<string, string> },
  size = answer.ContentLength ?? 0,
): StoredObjectMeta {
  const encoded = answer.Metadata?.[FILE_NAME_METADATA];
  let fileName: string | null = null;
  if (encoded) {
    try {
      fileName = decodeURIComponent(encoded);
    } catch {
      fileName = null;
    }
  }
  return { contentType: answer.ContentType ?? DEFAULT_CONTENT_TYPE, fileName, size };
}

/**
 * Files in one bucket of any S3-compatible service (AWS S3, MinIO, Ceph …), under
 * `<our bucket>/<key>`: the same layout as the disk driver's folders. Path-style
 * addressing, since most self-hosted services have no per-bucket host names. Both
 * ways stream: uploads of unknown length go up in bounded parts, downloads are the
 * response body itself. A PUT (or a multipart upload's completion) is atomic, so a
 * reader never sees half a file.
 */
export function createS3Storage(options: S3StorageOptions): S3Storage {
  const client = new S3Client({
    endpoint: options.endpoint,
    region: options.region,
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    forcePathStyle: true,
    // An unreachable endpoint fails a request in seconds. No idle timeout: a download paused by a slow client is fine.
    requestHandler: { connectionTimeout: 10_000 },
    // Only where S3 requires one: many S3-compatible servers refuse the newer default checksums.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });

  function objectKey(bucket: StorageBucket, key: string): string {
    assertStorageKey(bucket, key);
    return `${bucket}/${key}`;
  }

  async function head(bucket: StorageBucket, key: string) {
    try {
      return await client.send(new HeadObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  return {
    async put(bucket, key, data, meta) {
      const metadata: Record<string, string> = {};
      if (meta.fileName) metadata[FILE_NAME_METADATA] = encodeURIComponent(meta.fileName);
      const target = {
        Bucket: options.bucket,
        Key: objectKey(bucket, key),
        ContentType: meta.contentType,
        Metadata: metadata,
      };
      const stored = { contentType: meta.contentType, fileName: meta.fileName ?? null };
      if (!(data instanceof Readable)) {
        await client.send(new PutObjectCommand({ ...target, Body: data, ContentLength: data.byteLength }));
        return { ...stored, size: data.byteLength };
      }
      let size = 0;
      async function* counted(source: Readable) {
        for await (const chunk of source) {
          const bytes = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
          size += bytes.byteLength;
          yield bytes;
        }
      }
      try {
        await new Upload({
          client,
          params: { ...target, Body: Readable.from(counted(data)) },
          partSize: UPLOAD_PART_BYTES,
          queueSize: UPLOAD_QUEUE_SIZE,
        }).done();
      } catch (error) {
        // As pipeline() does for the disk driver: a source nobody reads any more is let go.
        data.destroy();
        throw error;
      }
      return { ...stored, size };
    },

    async get(bucket, key) {
      let answer;
      try {
        answer = await client.send(new GetObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
      if (!(answer.Body instanceof Readable)) throw new Error('The S3 client returned no readable body');
      return { stream: answer.Body, meta: metaOf(answer) };
    },

    async delete(bucket, key) {
      await client.send(new DeleteObjectCommand({ Bucket: options.bucket, Key: objectKey(bucket, key) }));
    },

    async exists(bucket, key) {
      return (await head(bucket, key)) !== null;
    },

    async stat(bucket, key) {
      const answer = await head(bucket, key);
      return answer ? metaOf(answer) : null;
    },

    async checkReachable(timeoutMs) {
      // HEAD on the bucket: one cheap request that needs the endpoint, the credentials and the bucket.
      try {
        await client.send(new HeadBucketCommand({ Bucket: options.bucket }), {
          abortSignal: AbortSignal.timeout(timeoutMs),
        });
        return true;
      } catch {
        return false;
      }
    },
  };
}
