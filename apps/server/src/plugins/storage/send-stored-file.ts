import { type FastifyReply } from 'fastify';
import { type StoredObject } from './storage';

/** RFC 6266 Content-Disposition: an ASCII fallback plus the UTF-8 name in filename*. */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const ascii = fileName
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .replace(/["\\;]/g, '_')
    .trim();
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `${kind}; filename="${ascii || 'document'}"; filename*=UTF-8''${encoded}`;
}

/** Answers for a stored file: never sniffed, never scripted, framed only by our own pages. */
const STORED_FILE_CSP: Record<string, string> = {
  // Chromium's PDF viewer refuses to run in a sandboxed document, so PDFs get every restriction but that one.
  'application/pdf': "default-src 'none'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
  default: "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'; sandbox",
};

/**
 * Sends a user-uploaded file from storage (KYC documents, payment proofs, a
 * deal's bill of lading): inline for the in-page preview or as an attachment,
 * private, with a CSP that keeps it inert.
 */
export function sendStoredFile(
  reply: FastifyReply,
  file: StoredObject,
  options: { fileName: string | null; contentType?: string | null; disposition: 'inline' | 'attachment' },
) {
  const contentType = options.contentType ?? file.meta.contentType;
  return reply
    .header('content-type', contentType)
    .header('content-length', String(file.meta.size))
    .header(
      'content-disposition',
      contentDisposition(options.disposition, options.fileName ?? file.meta.fileName ?? 'document'),
    )
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', STORED_FILE_CSP[contentType] ?? STORED_FILE_CSP.default)
    .header('x-frame-options', 'SAMEORIGIN')
    .header('cross-origin-resource-policy', 'same-origin')
    .header('cache-control', 'private, no-store')
    .send(file.stream);
}
