import {
  OPERATION_MILESTONE_KINDS,
  ZOkResponse,
  ZPartnerStepParams,
  ZRecordMilestoneFields,
  isPartnerRole,
  UPLOAD_MAX_MB,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { UPLOAD_LIMITS, readMultipart } from '../../plugins/multipart';
import { sendStoredFile } from '../../plugins/storage/send-stored-file';
import { requireAuth } from '../../plugins/route-access';
import { type UploadedDocument, getMilestoneDocument, recordMilestone } from './milestones.service';
import { milestoneFields } from './multipart-fields';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = { ok: true } as const;

/** A milestone's fields (date, notes, result, the step's details…) beside its one document. */
export const MILESTONE_UPLOAD_LIMITS = { ...UPLOAD_LIMITS, fields: 12, fieldSize: 8000 };

/** The multipart fields of a step (admin's and partner's routes alike), for the API reference. */
const MILESTONE_MULTIPART_FIELDS = {
  occurredAt: { isRequired: true, format: 'date', description: 'When the step happened (YYYY-MM-DD)' },
  notes: { description: 'Notes shown to the participants' },
  result: { enum: ['passed', 'failed'], description: "The inspection's result (inspection only)" },
  blNumber: { description: "Departure: the bill of lading's number" },
  vessel: { description: 'Departure: the vessel' },
  voyage: { description: 'Departure: the voyage number' },
  containers: { description: 'Departure: the container numbers (ISO 6346), one per line or comma-separated' },
  netWeightKg: { description: 'Inspection: the measured net weight, in kilograms' },
  quality: { description: 'Inspection: the quality figures measured, one per line' },
  eta: { format: 'date', description: 'ETA update: the new expected arrival date (YYYY-MM-DD)' },
  document: {
    isFile: true,
    description: `The bill of lading (departure) or the inspection report (inspection), required there: PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
  },
} as const;

/** A deal's steps: recorded by an admin or by the assigned partner, and each step's document. */
export const milestoneRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.post(
    '/admin/operations/:id/milestones/:step',
    {
      schema: {
        summary:
          'Record a step: shipment preparation, departure, an ETA update, arrival, customs clearance or inspection',
        description: `multipart/form-data: fields occurredAt (YYYY-MM-DD), notes, result (inspection: passed | failed), the departure's blNumber, vessel, voyage and containers, the inspection's netWeightKg and quality, an ETA update's eta, and a \`document\` file part (PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; required at departure — the bill of lading — and at inspection — the report). Refused (409 TRADE_DOCUMENT_MISSING / TRADE_DOCUMENT_REJECTED) while a document the deal's checklist gates on the step is missing or rejected.`,
        tags: ['admin'],
        params: ZPartnerStepParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        ...admin,
        multipartBody: MILESTONE_MULTIPART_FIELDS,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const body = await readMultipart(request, { limits: MILESTONE_UPLOAD_LIMITS });
      if (body.files.some((file) => file.fieldName !== 'document')) throw new AppError('BAD_REQUEST');
      const document: UploadedDocument | null = body.files[0] ?? null;
      await recordMilestone(
        { db: app.db, storage: app.storage },
        auth,
        request.params.id,
        request.params.step,
        milestoneFields(body.fields, ZRecordMilestoneFields),
        document,
      );
      return ok;
    },
  );

  app.get(
    '/operations/:id/milestones/:kind/document',
    {
      schema: {
        summary: "A step's document (bill of lading, inspection report) for the deal's buyers, seller and admins",
        tags: ['operations'],
        params: z.object({ id: z.uuid('validation.invalid'), kind: z.enum(OPERATION_MILESTONE_KINDS) }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated', apiKey: 'read' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const file = await getMilestoneDocument(app.db, app.storage, auth, request.params.id, request.params.kind);
      if (!file) throw new AppError('NOT_FOUND');
      return sendStoredFile(reply, file, {
        fileName: null,
        disposition: request.query.download === '1' ? 'attachment' : 'inline',
      });
    },
  );

  app.post(
    '/partner/operations/:id/milestones/:step',
    {
      schema: {
        summary:
          "Record a step of the caller's role on a deal assigned to it: the logistics partner's shipment preparation, departure, ETA updates, arrival and customs clearance; the inspector's inspection",
        description:
          "multipart/form-data, as the admin's step: occurredAt, notes, and the step's details (departure: blNumber, vessel, voyage and containers, required; inspection: result and netWeightKg, required, and quality; ETA update: eta) with a `document` file part (the B/L at departure, the certificate at inspection). Refused on a deal not assigned to the caller (403 PARTNER_NOT_ASSIGNED), for a step of another role (403), when the state table refuses it (409) or a document the checklist gates on it is missing (409).",
        tags: ['partners'],
        params: ZPartnerStepParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'partner',
        multipartBody: MILESTONE_MULTIPART_FIELDS,
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const partnerRole = auth.profile.role;
      if (!isPartnerRole(partnerRole)) throw new AppError('FORBIDDEN');
      const body = await readMultipart(request, { limits: MILESTONE_UPLOAD_LIMITS });
      if (body.files.some((file) => file.fieldName !== 'document')) throw new AppError('BAD_REQUEST');
      const fields = milestoneFields(body.fields, ZRecordMilestoneFields);
      await recordMilestone(
        { db: app.db, storage: app.storage },
        { auth, partnerRole },
        request.params.id,
        request.params.step,
        fields,
        body.files[0] ?? null,
      );
      return { ok: true } as const;
    },
  );
};
