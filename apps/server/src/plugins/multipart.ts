import fastifyMultipart, { type FastifyMultipartOptions } from '@fastify/multipart';
import {
  type DocumentFileType,
  type OfferImageType,
  UPLOAD_MAX_BYTES,
  detectFileType,
  detectImageType,
  fileTypeFromName,
  hasInvalidCharacters,
  imageTypeFromName,
} from '@tradeops/shared';
import { type FastifyRequest, errorCodes } from 'fastify';
import { AppError } from '../errors';
import { appPlugin } from './app-plugin';

/**
 * Uploads: @fastify/multipart registered once with the upload limits, the one reader of a
 * multipart body, and the checks on a client's file name. Busboy's parse errors (a truncated
 * body, a missing or foreign boundary, a malformed part header) carry no HTTP status and used to
 * answer 500; read here, every part to the end, they answer 400 BAD_REQUEST, and the limits
 * (parts, files, fields, file size) 413 PAYLOAD_TOO_LARGE, before anything is stored.
 */

export interface MultipartLimits {
  fileSize: number;
  files: number;
  fields: number;
  /** Longest field value in bytes (busboy's default: 1 MB). */
  fieldSize?: number;
}

/** The limits of an upload route: one file of at most UPLOAD_MAX_BYTES, no text fields. */
export const UPLOAD_LIMITS: MultipartLimits = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 0 };

/** The plugin's options for some limits: those limits, and parts = files + fields. */
function multipartOptions(limits: MultipartLimits): FastifyMultipartOptions {
  return {
    limits: { ...limits, parts: limits.files + limits.fields, fieldNameSize: 100, headerPairs: 20 },
    throwFileSizeLimit: true,
  };
}

/**
 * Multipart bodies are parsed for the routes that declare `consumes: ['multipart/form-data']`
 * and read them with readMultipart; any other route refuses one with 415, as if no parser
 * were registered.
 */
export const uploadsPlugin = appPlugin(async (app) => {
  await app.register(fastifyMultipart, multipartOptions(UPLOAD_LIMITS));
  // app.ts registers this before the access hook: a body no route parses is refused before access
  // is checked, as when there was no parser at all.
  app.addHook('preValidation', async (request) => {
    if (!request.isMultipart()) return;
    const consumes = (request.routeOptions.schema as { consumes?: string[] } | undefined)?.consumes;
    if (!consumes?.includes('multipart/form-data')) {
      throw new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE(request.headers['content-type'] ?? '');
    }
  });
});

export interface UploadedFile {
  /** The name the client sent, path included if it sent one (checked by assertSafeClientFileName). */
  fileName: string;
  bytes: Buffer;
}

export interface MultipartFile extends UploadedFile {
  fieldName: string;
}

export interface MultipartBody {
  /** Text fields by name; a name sent twice is refused. */
  fields: Record<string, string>;
  files: MultipartFile[];
}

/**
 * Reads every part of a multipart request, files buffered, within the route's limits
 * (UPLOAD_LIMITS unless the route needs more parts). `preservePath` keeps a path the client put
 * in a file name, for the services that refuse such names rather than strip them.
 */
export async function readMultipart(
  request: FastifyRequest,
  options: { limits?: MultipartLimits; preservePath?: boolean } = {},
): Promise<MultipartBody> {
  if (!request.isMultipart()) throw new AppError('BAD_REQUEST');
  const fields: Record<string, string> = Object.create(null) as Record<string, string>;
  const files: MultipartFile[] = [];
  const { limits } = multipartOptions(options.limits ?? UPLOAD_LIMITS);
  try {
    for await (const part of request.parts({ limits, preservePath: options.preservePath ?? false })) {
      if (part.type === 'file') {
        files.push({ fieldName: part.fieldname, fileName: part.filename, bytes: await part.toBuffer() });
      } else if (typeof part.value !== 'string' || part.fieldname in fields) {
        throw new AppError('BAD_REQUEST');
      } else {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw toUploadError(error);
  }
  return { fields, files };
}

function toUploadError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const status = (error as { statusCode?: unknown }).statusCode;
  if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', {}, { cause: error });
  return new AppError('BAD_REQUEST', {}, { cause: error });
}

/** The checks on a client's file name: no path parts, none of the characters no text may hold (zText's rule). */
export function assertSafeClientFileName(fileName: string): void {
  if (
    fileName.length === 0 ||
    fileName.length > 255 ||
    /[/\\]/.test(fileName) ||
    hasInvalidCharacters(fileName) ||
    fileName.split('.').every((part) => part === '')
  ) {
    throw new AppError('INVALID_FILE_NAME');
  }
}

/** How an upload's type is read: from its first bytes, and as its name's extension claims it. */
export interface UploadTypeReader<T extends string> {
  fromBytes(bytes: Uint8Array): T | null;
  fromName(fileName: string): T | 'unknown' | null;
}

/** Documents (KYC, payment proofs, step documents, specification sheets): PDF, JPG or PNG. */
export const DOCUMENT_UPLOAD: UploadTypeReader<DocumentFileType> = {
  fromBytes: detectFileType,
  fromName: fileTypeFromName,
};

/** Product photos: JPG, PNG or WebP. */
export const IMAGE_UPLOAD: UploadTypeReader<OfferImageType> = {
  fromBytes: detectImageType,
  fromName: imageTypeFromName,
};

/**
 * The checks every uploaded file gets, in this order: a safe name, not empty, at most `maxBytes`, a
 * type its bytes show (and `accepts` takes), and no extension claiming another type. Answers that
 * type; refuses with INVALID_FILE_NAME, FILE_EMPTY, PAYLOAD_TOO_LARGE or UNSUPPORTED_MEDIA_TYPE.
 */
export function checkUploadedFile<T extends string>(
  file: { fileName: string; bytes: Uint8Array },
  reader: UploadTypeReader<T>,
  options: { maxBytes?: number; accepts?: (type: T) => boolean } = {},
): T {
  assertSafeClientFileName(file.fileName);
  if (file.bytes.length === 0) throw new AppError('FILE_EMPTY');
  if (options.maxBytes !== undefined && file.bytes.length > options.maxBytes) throw new AppError('PAYLOAD_TOO_LARGE');
  const type = reader.fromBytes(file.bytes);
  if (!type || (options.accepts && !options.accepts(type))) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  const claimed = reader.fromName(file.fileName);
  if (claimed !== null && claimed !== type) throw new AppError('UNSUPPORTED_MEDIA_TYPE');
  return type;
}
