import { KYC_DOCUMENT_TYPES, type KycDocumentType } from '../auth/constants';

/** The file types a KYC document may have (spec §3). */
export const DOCUMENT_FILE_TYPES = ['pdf', 'jpg', 'png'] as const;
export type DocumentFileType = (typeof DOCUMENT_FILE_TYPES)[number];

export const MIME_TYPE_BY_FILE_TYPE: Record<DocumentFileType, string> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  png: 'image/png',
};

const PDF = [0x25, 0x50, 0x44, 0x46, 0x2d]; // %PDF-
const JPEG = [0xff, 0xd8, 0xff];
const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function startsWith(bytes: Uint8Array, signature: number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, index) => bytes[index] === byte);
}

/** The file's real type from its first bytes (magic numbers), or null when it is none we accept. */
export function detectFileType(bytes: Uint8Array): DocumentFileType | null {
  if (startsWith(bytes, PDF)) return 'pdf';
  if (startsWith(bytes, PNG)) return 'png';
  if (startsWith(bytes, JPEG)) return 'jpg';
  return null;
}

/** The type a file name claims by its extension (`.jpeg` counts as jpg), or null without a known one. */
export function fileTypeFromName(fileName: string): DocumentFileType | 'unknown' | null {
  const dot = fileName.lastIndexOf('.');
  if (dot <= 0 || dot === fileName.length - 1) return null;
  const extension = fileName.slice(dot + 1).toLowerCase();
  if (extension === 'jpeg' || extension === 'jpg') return 'jpg';
  if (extension === 'pdf' || extension === 'png') return extension;
  return 'unknown';
}

export function isAllowedFileType(documentType: KycDocumentType, fileType: DocumentFileType): boolean {
  return (KYC_DOCUMENT_TYPES[documentType] as readonly string[]).includes(fileType);
}

/** The `accept` attribute of a document's file picker, e.g. ".pdf,.jpg,.jpeg,.png". */
export function acceptAttributeFor(documentType: KycDocumentType): string {
  return KYC_DOCUMENT_TYPES[documentType]
    .flatMap((type) => (type === 'jpg' ? ['.jpg', '.jpeg'] : [`.${type}`]))
    .join(',');
}
