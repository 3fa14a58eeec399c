import { detectFileType } from '../kyc/file-type';

/** Image types a product photo may have. */
export const OFFER_IMAGE_TYPES = ['jpg', 'png', 'webp'] as const;
export type OfferImageType = (typeof OFFER_IMAGE_TYPES)[number];

export const OFFER_IMAGE_MIME_TYPES: Record<OfferImageType, string> = {
  jpg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
};

/** A product photo is at most 5 MB; the specification sheet (PDF) follows UPLOAD_MAX_BYTES (10 MB). */
export const OFFER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const OFFER_IMAGE_ACCEPT = '.jpg,.jpeg,.png,.webp';
export const OFFER_SPEC_ACCEPT = '.pdf';

function isWebp(bytes: Uint8Array): boolean {
  // "RIFF" <size> "WEBP"
  const riff = [0x52, 0x49, 0x46, 0x46];
  const webp = [0x57, 0x45, 0x42, 0x50];
  return bytes.length >= 12 && riff.every((b, i) => bytes[i] === b) && webp.every((b, i) => bytes[i + 8] === b);
}

/** The photo's real type from its first bytes (JPEG, PNG, WebP), or null. */
export function detectImageType(bytes: Uint8Array): OfferImageType | null {
  if (isWebp(bytes)) return 'webp';
  const type = detectFileType(bytes);
  return type === 'jpg' || type === 'png' ? type : null;
}

/** The image type a file name claims by its extension, 'unknown' for another one, null without any. */
export function imageTypeFromName(fileName: string): OfferImageType | 'unknown' | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  if (extension === 'jpeg' || extension === 'jpg') return 'jpg';
  if (extension === 'png' || extension === 'webp') return extension;
  return 'unknown';
}
