import { type Readable } from 'node:stream';

/** The buckets of the spec (KYC documents, payment proofs, specification sheets), product photos of offers and uploaded sanctions lists. */
export const STORAGE_BUCKETS = ['documents', 'payment-proofs', 'specs', 'operation-images', 'sanctions-lists'] as const;
export type StorageBucket = (typeof STORAGE_BUCKETS)[number];

export interface StoredObjectMeta {
  contentType: string;
  size: number;
  /** The name a download is offered under (Content-Disposition). */
  fileName: string | null;
}

export interface StoredObject {
  stream: Readable;
  meta: StoredObjectMeta;
}

export interface PutObjectMeta {
  contentType: string;
  fileName?: string | null;
}

/**
 * File storage behind one interface: the local-disk driver by default, an
 * S3-compatible one for several instances. Files are never served from a public
 * path; downloads go through authorised API routes.
 */
export interface Storage {
  put(
    bucket: StorageBucket,
    key: string,
    data: Buffer | Uint8Array | Readable,
    meta: PutObjectMeta,
  ): Promise<StoredObjectMeta>;
  /** null when there is no such object. */
  get(bucket: StorageBucket, key: string): Promise<StoredObject | null>;
  delete(bucket: StorageBucket, key: string): Promise<void>;
  exists(bucket: StorageBucket, key: string): Promise<boolean>;
  /**
   * Whether the service holding the files answers within `timeoutMs` (readiness). Only drivers that
   * talk to one have it: the local disk has nothing to reach.
   */
  checkReachable?(timeoutMs: number): Promise<boolean>;
}

export class StorageKeyError extends Error {
  override name = 'StorageKeyError';
}

const KEY_MAX_LENGTH = 512;
/** A segment starts with a letter or digit, so '.', '..' and hidden names never pass. */
const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;

export function isStorageBucket(value: unknown): value is StorageBucket {
  return typeof value === 'string' && (STORAGE_BUCKETS as readonly string[]).includes(value);
}

/**
 * Keys are built by the server (e.g. `<user id>/<uuid>.pdf`), never taken from a
 * client's file name; this refuses anything that could step out of the bucket.
 */
export function assertStorageKey(bucket: string, key: string): void {
  if (!isStorageBucket(bucket)) throw new StorageKeyError(`Unknown storage bucket: ${JSON.stringify(bucket)}`);
  if (typeof key !== 'string' || key.length === 0 || key.length > KEY_MAX_LENGTH) {
    throw new StorageKeyError('A storage key must be 1 to 512 characters long');
  }
  for (const segment of key.split('/')) {
    if (!KEY_SEGMENT.test(segment)) throw new StorageKeyError(`Unsafe storage key: ${JSON.stringify(key)}`);
  }
}
