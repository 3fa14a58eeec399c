import {
  ZDocumentDatesFields,
  ZDocumentFileQuery,
  ZDocumentIdParams,
  ZKycDocumentTypeParams,
  ZKycStatusResponse,
  ZUploadDocumentResponse,
  UPLOAD_MAX_MB,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { UPLOAD_LIMITS, readMultipart } from '../../plugins/multipart';
import { sendStoredFile } from '../../plugins/storage/send-stored-file';
import { requireAuth } from '../../plugins/route-access';
import { assertEmailVerified, continueOnboarding, getDocumentFile, getKycStatus, uploadDocument } from './kyc.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The company's own KYC: status, the five documents, uploads and the stepper. */
export const kycRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/kyc',
    {
      schema: {
        summary: "The caller's KYC status, onboarding step and five documents",
        tags: ['kyc'],
        response: { 200: ZKycStatusResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getKycStatus(app.db, requireAuth(request));
    },
  );

  app.post(
    '/kyc/documents/:documentType',
    {
      schema: {
        summary: 'Upload (or replace) one of the five KYC documents',
        description: `multipart/form-data with one file part, at most ${UPLOAD_MAX_MB} MB, and optional text fields \`issuedOn\`, \`expiresOn\` and \`holderBirthDate\` (YYYY-MM-DD: an expired document, a proof of address issued more than 3 months ago or a date in the future is refused). The type is read from the content (PDF, JPEG, PNG) and must be allowed for the document and match the extension. A verified document is locked (409). Refused (403 EMAIL_NOT_VERIFIED) until the account has confirmed its e-mail address.`,
        tags: ['kyc'],
        params: ZKycDocumentTypeParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZUploadDocumentResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'authenticated',
        multipartBody: {
          file: {
            isFile: true,
            isRequired: true,
            description: `The document: PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
          },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      // Before reading up to UPLOAD_MAX_MB of upload (the service checks again).
      assertEmailVerified(auth);
      const body = await readMultipart(request, {
        preservePath: true,
        limits: { ...UPLOAD_LIMITS, fields: 3, fieldSize: 32 },
      });
      const [file] = body.files;
      if (!file) throw new AppError('BAD_REQUEST');
      const dates = ZDocumentDatesFields.safeParse(body.fields);
      if (!dates.success) {
        const issue = dates.error.issues[0];
        throw new AppError(
          'VALIDATION_FAILED',
          {},
          { fields: { [String(issue?.path[0] ?? 'issuedOn')]: 'kyc.dates.invalid' } },
        );
      }
      const document = await uploadDocument(
        { db: app.db, storage: app.storage, log: request.log },
        auth,
        request.params.documentType,
        file,
        dates.data,
      );
      return { document };
    },
  );

  app.post(
    '/kyc/onboarding/continue',
    {
      schema: {
        summary: 'Advance the onboarding stepper',
        description:
          'Only when no document is pending or rejected, and the e-mail address is confirmed (403 EMAIL_NOT_VERIFIED); the user reaches step 3, approval sets step 4.',
        tags: ['kyc'],
        response: { 200: ZKycStatusResponse, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request) => continueOnboarding(app.db, requireAuth(request)),
  );

  app.get(
    '/kyc/documents/:documentId/file',
    {
      schema: {
        summary: 'A KYC document file (its owner and admins)',
        description:
          'Inline for the in-page preview (sandboxed, nosniff), or as an attachment with ?download=1. With ?revision=N, a document replaced since that revision answers 409 instead of the newer file. Anyone else gets 404.',
        tags: ['kyc'],
        params: ZDocumentIdParams,
        querystring: ZDocumentFileQuery,
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { document, file } = await getDocumentFile(
        app.db,
        app.storage,
        auth,
        request.params.documentId,
        request.query.revision,
      );
      return sendStoredFile(reply, file, {
        fileName: document.fileName,
        contentType: document.mimeType,
        disposition: request.query.download === '1' ? 'attachment' : 'inline',
      });
    },
  );
};
