import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JPEG_BYTES, PDF_BYTES, PNG_BYTES, multipartBody } from '../test/kyc-files';
import { errorHandlerPlugin } from './error-handler';
import { i18nPlugin } from './i18n';
import {
  DOCUMENT_UPLOAD,
  IMAGE_UPLOAD,
  UPLOAD_LIMITS,
  assertSafeClientFileName,
  checkUploadedFile,
  readMultipart,
  uploadsPlugin,
} from './multipart';

describe('uploads plugin', () => {
  let app: FastifyInstance;

  beforeAll(async () => {
    app = Fastify({ logger: false });
    await app.register(uploadsPlugin);
    await app.register(i18nPlugin);
    await app.register(errorHandlerPlugin);
    const consumes = ['multipart/form-data'];
    app.post('/upload', { schema: { consumes } }, async (request) => {
      const { files } = await readMultipart(request);
      return { files: files.map((file) => [file.fieldName, file.fileName, file.bytes.length]) };
    });
    app.post('/upload-small', { schema: { consumes } }, async (request) => {
      const { files } = await readMultipart(request, { limits: { ...UPLOAD_LIMITS, fileSize: 4 } });
      return { count: files.length };
    });
    app.post('/json', async () => ({ ok: true }));
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
  });

  it('reads a file on a route that declares multipart', async () => {
    const body = multipartBody('proof.pdf', Buffer.from('%PDF-1.4'));
    const response = await app.inject({ method: 'POST', url: '/upload', ...body });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ files: [['file', 'proof.pdf', 8]] });
  });

  it('refuses a multipart body with 415 on a route that takes none', async () => {
    const body = multipartBody('proof.pdf', Buffer.from('%PDF-1.4'));
    const response = await app.inject({ method: 'POST', url: '/json', ...body });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
  });

  it("answers 413 past the route's limits", async () => {
    const body = multipartBody('proof.pdf', Buffer.from('%PDF-1.4'));
    const response = await app.inject({ method: 'POST', url: '/upload-small', ...body });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE' } });
  });

  it('refuses file names with a path, invalid characters or only dots', () => {
    expect(() => assertSafeClientFileName('informe.pdf')).not.toThrow();
    for (const name of ['', '../etc/passwd', 'a\\b.pdf', 'a\u0000.pdf', '..', 'x'.repeat(256)]) {
      expect(() => assertSafeClientFileName(name), name).toThrow('INVALID_FILE_NAME');
    }
  });

  it('takes a file by the type its bytes show, refusing in order: name, emptiness, size, type, claimed type', () => {
    expect(checkUploadedFile({ fileName: 'recibo.pdf', bytes: PDF_BYTES }, DOCUMENT_UPLOAD)).toBe('pdf');
    expect(checkUploadedFile({ fileName: 'sin-extension', bytes: PNG_BYTES }, DOCUMENT_UPLOAD)).toBe('png');
    expect(checkUploadedFile({ fileName: 'foto.jpeg', bytes: JPEG_BYTES }, IMAGE_UPLOAD)).toBe('jpg');
    const refusal = (fileName: string, bytes: Buffer, options?: Parameters<typeof checkUploadedFile>[2]) => {
      try {
        checkUploadedFile({ fileName, bytes }, DOCUMENT_UPLOAD, options);
        return null;
      } catch (error) {
        return (error as Error).message;
      }
    };
    expect(refusal('../vacío.pdf', Buffer.alloc(0))).toBe('INVALID_FILE_NAME');
    expect(refusal('vacío.pdf', Buffer.alloc(0), { maxBytes: 0 })).toBe('FILE_EMPTY');
    expect(refusal('grande.exe', PDF_BYTES, { maxBytes: 10 })).toBe('PAYLOAD_TOO_LARGE');
    expect(refusal('pagina.pdf', Buffer.from('<html></html>'))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('foto.png', PNG_BYTES, { accepts: (type) => type === 'pdf' })).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('disfrazado.png', PDF_BYTES)).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(refusal('desconocido.docx', PDF_BYTES)).toBe('UNSUPPORTED_MEDIA_TYPE');
  });
});
