import { create as createContentDisposition } from 'content-disposition';
import { type FastifyReply } from 'fastify';
import { type StoredObject } from './storage';

/**
 * The one Content-Disposition of every download (RFC 6266, the `content-disposition` package): the
 * name in `filename*` (UTF-8) when it is not plain ASCII, and an ASCII `filename` for old clients with
 * accents dropped rather than replaced by "?" (Cédula → Cedula).
 */
export function contentDisposition(kind: 'inline' | 'attachment', fileName: string): string {
  const name = fileName.trim() || 'document';
  const asciiFallback = name
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .trim();
  return createContentDisposition(name, { type: kind, fallback: asciiFallback || 'document' });
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
