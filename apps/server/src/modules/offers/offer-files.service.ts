import { randomUUID } from 'node:crypto';
import { OFFER_IMAGE_MAX_BYTES, OFFER_IMAGE_MIME_TYPES, UPLOAD_MAX_BYTES } from '@tradeops/shared';
import { eq } from 'drizzle-orm';
import { type AppTransaction, type Queryable } from '../../db/client';
import { operations, productSpecs } from '../../db/schema';
import { AppError } from '../../errors';
import { type AuthContext } from '../../plugins/auth/auth-plugin';
import { DOCUMENT_UPLOAD, IMAGE_UPLOAD, checkUploadedFile } from '../../plugins/multipart';
import { sanitizeFileName } from '../../plugins/storage/file-name';
import { type Storage, type StoredObject } from '../../plugins/storage/storage';
import { updateOperationFields } from '../operations/operation-aggregate';
import { type OperationRow } from './offer-rules';

/* An offer's files: its product photo (bucket operation-images) and its specification sheet (bucket specs). */

export interface OfferFiles {
  image?: { fileName: string; bytes: Buffer };
  spec?: { fileName: string; bytes: Buffer };
}

export interface CheckedImage {
  key: string;
  bytes: Buffer;
  mimeType: string;
  fileName: string;
}

export interface CheckedSpec {
  key: string;
  bytes: Buffer;
  fileName: string;
}

/** A product photo: JPEG, PNG or WebP by its bytes, agreeing with its extension, at most 5 MB. */
export function checkImage(operationId: string, file: { fileName: string; bytes: Buffer }): CheckedImage {
  const type = checkUploadedFile(file, IMAGE_UPLOAD, { maxBytes: OFFER_IMAGE_MAX_BYTES });
  return {
    key: `${operationId}/${randomUUID()}.${type}`,
    bytes: file.bytes,
    mimeType: OFFER_IMAGE_MIME_TYPES[type],
    fileName: sanitizeFileName(file.fileName, `product.${type}`),
  };
}

/** A specification sheet: a PDF by its bytes and its name, at most UPLOAD_MAX_BYTES. */
export function checkSpec(operationId: string, file: { fileName: string; bytes: Buffer }): CheckedSpec {
  checkUploadedFile(file, DOCUMENT_UPLOAD, { maxBytes: UPLOAD_MAX_BYTES, accepts: (type) => type === 'pdf' });
  return {
    key: `offers/${operationId}/${randomUUID()}.pdf`,
    bytes: file.bytes,
    fileName: sanitizeFileName(file.fileName, 'specification.pdf'),
  };
}

/**
 * The address of an offer's photo. `v` is the stored file's name (`<uuid>.<ext>`):
 * it changes with each new photo, so caches never serve an old one, and it
 * names the object in the `operation-images` bucket (`<operation id>/<v>`).
 */
export function offerImageUrl(operationId: string, key: string): string {
  return `/api/offers/${operationId}/image?v=${key.slice(key.lastIndexOf('/') + 1)}`;
}

const IMAGE_FILE = /^[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** The storage key behind an uploaded photo's path; null for a bundled image (e.g. '/images/ops/…'). */
export function imageKeyOf(row: Pick<OperationRow, 'id' | 'imagePath'>): string | null {
  const prefix = `/api/offers/${row.id}/image?v=`;
  if (!row.imagePath?.startsWith(prefix)) return null;
  const file = row.imagePath.slice(prefix.length);
  return IMAGE_FILE.test(file) ? `${row.id}/${file}` : null;
}

/** product_specs holds one sheet per product name; an offer's own sheet is keyed to the offer. */
function offerSpecProductName(operationId: string, productName: string): string {
  return `${productName} [offer ${operationId}]`;
}

export async function putFiles(storage: Storage, image: CheckedImage | null, spec: CheckedSpec | null) {
  if (image) {
    await storage.put('operation-images', image.key, image.bytes, {
      contentType: image.mimeType,
      fileName: image.fileName,
    });
  }
  if (spec)
    await storage.put('specs', spec.key, spec.bytes, { contentType: 'application/pdf', fileName: spec.fileName });
}

export async function removeFiles(storage: Storage, image: CheckedImage | null, spec: CheckedSpec | null) {
  if (image) await storage.delete('operation-images', image.key).catch(() => undefined);
  if (spec) await storage.delete('specs', spec.key).catch(() => undefined);
}

/** Points the offer at its new sheet: one product_specs row per offer, its version counting replacements. */
export async function upsertOfferSpec(tx: AppTransaction, operation: OperationRow, spec: CheckedSpec) {
  const productName = offerSpecProductName(operation.id, operation.productName);
  const [current] = operation.productSpecId
    ? await tx.select().from(productSpecs).where(eq(productSpecs.id, operation.productSpecId))
    : [];
  if (current && current.productName === productName) {
    const version = `${(Number.parseInt(current.version, 10) || 1) + 1}.0`;
    await tx
      .update(productSpecs)
      .set({ fileKey: spec.key, fileName: spec.fileName, sizeBytes: spec.bytes.length, version, updatedAt: new Date() })
      .where(eq(productSpecs.id, current.id));
    return { specId: current.id, previousKey: current.fileKey };
  }
  const [row] = await tx
    .insert(productSpecs)
    .values({
      productName,
      fileKey: spec.key,
      fileName: spec.fileName,
      mimeType: 'application/pdf',
      sizeBytes: spec.bytes.length,
      version: '1.0',
    })
    .returning({ id: productSpecs.id });
  await updateOperationFields(tx, operation.id, { productSpecId: row!.id });
  return { specId: row!.id, previousKey: null };
}

/**
 * An offer's photo. Once an admin approved the operation the photo is public
 * (like the catalogue card it illustrates); before that only its seller and
 * admins see it.
 */
export async function openOfferImage(
  db: Queryable,
  storage: Storage,
  auth: AuthContext | null,
  id: string,
): Promise<{ file: StoredObject; isPublic: boolean }> {
  const [row] = await db
    .select({
      id: operations.id,
      sellerId: operations.sellerId,
      reviewStatus: operations.reviewStatus,
      imagePath: operations.imagePath,
    })
    .from(operations)
    .where(eq(operations.id, id))
    .limit(1);
  if (!row?.imagePath) throw new AppError('NOT_FOUND');
  const isPublic = row.reviewStatus === 'approved';
  if (!isPublic && !(auth && (auth.isAdmin || auth.user.id === row.sellerId))) throw new AppError('NOT_FOUND');
  const key = imageKeyOf(row);
  const file = key ? await storage.get('operation-images', key) : null;
  if (!file) throw new AppError('NOT_FOUND');
  return { file, isPublic };
}
