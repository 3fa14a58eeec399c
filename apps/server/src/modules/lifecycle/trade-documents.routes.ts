import {
  ZChecklistTemplatesRequest,
  ZChecklistTemplatesResponse,
  ZOkResponse,
  ZOperationIdParams,
  ZRejectTradeDocumentRequest,
  ZTradeDocumentParams,
  ZTradeDocumentsResponse,
  UPLOAD_MAX_MB,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { UPLOAD_LIMITS, readMultipart } from '../../plugins/multipart';
import { requireAuth } from '../../plugins/route-access';
import { sendStoredFile } from '../../plugins/storage/send-stored-file';
import { getChecklistSettings, saveChecklistSettings } from './document-checklists.service';
import {
  getTradeDocumentFile,
  listTradeDocuments,
  rejectTradeDocument,
  uploadTradeDocument,
} from './trade-documents.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** A deal's document checklist: the admin's templates, the uploads, the downloads and an admin's rejection. */
export const tradeDocumentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings/document-checklists',
    {
      schema: {
        summary: 'The document checklist templates per commodity and Incoterm, and the built-in defaults',
        tags: ['admin'],
        response: { 200: ZChecklistTemplatesResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getChecklistSettings(app.db);
    },
  );

  app.put(
    '/admin/settings/document-checklists',
    {
      schema: {
        summary: 'Save every checklist template at once (audited); an empty list restores the defaults',
        tags: ['admin'],
        body: ZChecklistTemplatesRequest,
        response: { 200: ZChecklistTemplatesResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => saveChecklistSettings(app.db, requireAuth(request), request.body),
  );

  app.get(
    '/operations/:id/documents',
    {
      schema: {
        summary: "A deal's document checklist: each document, who uploads it, the step it gates and its state",
        tags: ['operations'],
        params: ZOperationIdParams,
        response: { 200: ZTradeDocumentsResponse, ...errors },
      },
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request) => listTradeDocuments(app.db, requireAuth(request), request.params.id),
  );

  app.post(
    '/operations/:id/documents/:kind',
    {
      schema: {
        summary:
          "Upload (or replace) a document of the deal's checklist: its seller's, its assigned partner's, or any by an admin",
        description: `multipart/form-data with one \`document\` file part (PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content). A replacement clears a rejection.`,
        tags: ['operations'],
        params: ZTradeDocumentParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'kyc',
        multipartBody: {
          document: {
            isFile: true,
            isRequired: true,
            description: `PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
          },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = await readMultipart(request, { limits: UPLOAD_LIMITS });
      const file = body.files[0];
      if (!file || body.files.some((part) => part.fieldName !== 'document')) throw new AppError('DOCUMENT_REQUIRED');
      await uploadTradeDocument(
        { db: app.db, storage: app.storage },
        auth,
        request.params.id,
        request.params.kind,
        file,
      );
      return { ok: true } as const;
    },
  );

  app.get(
    '/operations/:id/documents/:kind/file',
    {
      schema: {
        summary: "A deal's document, for its buyers, seller, assigned partners and admins",
        tags: ['operations'],
        params: ZTradeDocumentParams,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated', apiKey: 'read' },
    },
    async (request, reply) => {
      const { file, fileName } = await getTradeDocumentFile(
        app.db,
        app.storage,
        requireAuth(request),
        request.params.id,
        request.params.kind,
      );
      return sendStoredFile(reply, file, {
        fileName,
        disposition: request.query.download === '1' ? 'attachment' : 'inline',
      });
    },
  );

  app.post(
    '/admin/operations/:id/documents/:kind/reject',
    {
      schema: {
        summary: "Reject a deal's document with a reason: it gates its step again until replaced; buyers are told",
        tags: ['admin'],
        params: ZTradeDocumentParams,
        body: ZRejectTradeDocumentRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => {
      await rejectTradeDocument(
        app.db,
        requireAuth(request),
        request.params.id,
        request.params.kind,
        request.body.reason,
      );
      return { ok: true } as const;
    },
  );
};
