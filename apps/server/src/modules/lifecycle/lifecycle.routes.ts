import {
  DISPUTE_EVIDENCE_MAX_FILES,
  OPERATION_MILESTONE_KINDS,
  ZAdminOperationsListResponse,
  ZCancelOperationRequest,
  ZFinalMeasurementRequest,
  ZFinalMeasurementResponse,
  ZDisputeDecisionRequest,
  ZPartnerStepParams,
  isPartnerRole,
  ZOkResponse,
  ZPageQuery,
  ZOperationControlResponse,
  ZOpenDisputeFields,
  ZOpenDisputeResponse,
  ZOperationIdParams,
  ZPayoutPreview,
  ZPayoutPreviewRequest,
  ZRecordMilestoneFields,
  ZSettleOperationRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { UPLOAD_LIMITS, readMultipart } from '../../plugins/multipart';
import { sendStoredFile } from '../../plugins/storage/send-stored-file';
import { requireAuth } from '../../plugins/route-access';
import { decideDispute } from './decide-dispute.service';
import { addDisputeEvidence, getDisputeEvidenceFile, openDispute } from './disputes.service';
import { recordFinalMeasurement } from './final-measurement.service';
import { cancelOperation, getOperationControl, listAdminOperations } from './lifecycle.service';
import { type UploadedDocument, getMilestoneDocument, recordMilestone } from './milestones.service';
import { previewPayout } from './payout-preview.service';
import { settleOperation } from './settlement.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = { ok: true } as const;

/** Field path → catalog key, from a zod failure of the multipart fields. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  return Object.fromEntries(
    error.issues.map((issue) => [
      issue.path.join('.') || '_',
      issue.message.includes('.') ? issue.message : 'validation.invalid',
    ]),
  );
}

/** A step's multipart fields, parsed; an empty field is a field left blank: as if it were not sent. */
export function milestoneFields<T extends z.ZodType>(raw: Record<string, string>, schema: T): z.output<T> {
  const fields = Object.fromEntries(Object.entries(raw).filter(([, value]) => value !== ''));
  const parsed = schema.safeParse(fields);
  if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, { fields: fieldErrors(parsed.error) });
  return parsed.data;
}

/** A milestone's fields (date, notes, result, the step's details…) beside its one document. */
export const MILESTONE_UPLOAD_LIMITS = { ...UPLOAD_LIMITS, fields: 12, fieldSize: 8000 };

/** The multipart fields of a step's details, for the API reference. */
export const MILESTONE_DETAIL_FIELDS = {
  bl_number: { description: "Departure: the bill of lading's number" },
  vessel: { description: 'Departure: the vessel' },
  voyage: { description: 'Departure: the voyage number' },
  containers: { description: 'Departure: the container numbers (ISO 6346), one per line or comma-separated' },
  net_weight_kg: { description: 'Inspection: the measured net weight, in kilograms' },
  quality: { description: 'Inspection: the quality figures measured, one per line' },
  eta: { format: 'date', description: 'ETA update: the new expected arrival date (YYYY-MM-DD)' },
} as const;

/** A dispute's reason beside its evidence files (PDF, JPEG or PNG, as payment proofs). */
const DISPUTE_UPLOAD_LIMITS = { ...UPLOAD_LIMITS, files: DISPUTE_EVIDENCE_MAX_FILES, fields: 1, fieldSize: 4000 };

/** The back office's control of a deal from full allocation to settlement. */
export const lifecycleRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/operations',
    {
      schema: {
        summary:
          'Approved deals with their stage, allocation and escrow held, most recently changed first, a page at a time',
        tags: ['admin'],
        querystring: ZPageQuery,
        response: { 200: ZAdminOperationsListResponse, ...errors },
      },
      config: admin,
    },
    async (request) => listAdminOperations(app.db, request.lang, request.query),
  );

  app.get(
    '/admin/operations/:id/control',
    {
      schema: {
        summary: "A deal's milestones, participants' escrow and what may be done next",
        tags: ['admin'],
        params: ZOperationIdParams,
        response: { 200: ZOperationControlResponse, ...errors },
      },
      config: admin,
    },
    async (request) => getOperationControl(app.db, request.params.id, request.lang),
  );

  app.post(
    '/admin/operations/:id/milestones/:step',
    {
      schema: {
        summary:
          'Record a step: shipment preparation, departure, an ETA update, arrival, customs clearance or inspection',
        description:
          "multipart/form-data: fields occurred_at (YYYY-MM-DD), notes, result (inspection: passed | failed), the departure's bl_number, vessel, voyage and containers, the inspection's net_weight_kg and quality, an ETA update's eta, and a `document` file part (PDF, JPEG or PNG, at most 10 MB; required at departure — the bill of lading — and at inspection — the report). Refused (409 TRADE_DOCUMENT_MISSING / TRADE_DOCUMENT_REJECTED) while a document the deal's checklist gates on the step is missing or rejected.",
        tags: ['admin'],
        params: ZPartnerStepParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        ...admin,
        multipartBody: {
          occurred_at: { isRequired: true, format: 'date', description: 'When the step happened (YYYY-MM-DD)' },
          notes: { description: 'Notes shown to the participants' },
          result: { enum: ['passed', 'failed'], description: "The inspection's result (inspection only)" },
          ...MILESTONE_DETAIL_FIELDS,
          document: {
            isFile: true,
            description:
              'The bill of lading (departure) or the inspection report (inspection), required there: PDF, JPEG or PNG, at most 10 MB; the type is read from the content and must match the extension',
          },
        },
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

  app.post(
    '/admin/operations/:id/final-measurement',
    {
      schema: {
        summary: "Record a settled deal's final net weight and quality: pays the holdback out",
        description:
          "The second tranche (docs/decisions/021): a shortfall beyond the deal's quantity tolerance is refunded to each buyer pro rata to the cent (largest remainder), the rest of the holdback goes to the seller less the fee. An optional `preview_digest` names the payout preview (action final_measurement) the admin confirmed: if the figures changed since, nothing moves (409 PAYOUT_CHANGED).",
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZFinalMeasurementRequest,
        response: { 200: ZFinalMeasurementResponse, ...errors },
      },
      config: admin,
    },
    async (request) =>
      recordFinalMeasurement(app.db, requireAuth(request), request.params.id, {
        measuredNetTons: request.body.measured_net_tons,
        qualityNotes: request.body.quality_notes,
        previewDigest: request.body.preview_digest,
      }),
  );

  app.post(
    '/admin/operations/:id/settle',
    {
      schema: {
        summary: 'Settle a deal whose inspection passed, after the fund retention: escrow → seller, less the fee',
        description:
          'An optional body `{ preview_digest }` names the payout preview the admin confirmed: if the figures changed since, nothing moves (409 PAYOUT_CHANGED).',
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZSettleOperationRequest.nullish(),
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await settleOperation(app.db, requireAuth(request), request.params.id, {
        previewDigest: request.body?.preview_digest,
      });
      return ok;
    },
  );

  app.post(
    '/admin/operations/:id/payout-preview',
    {
      schema: {
        summary:
          'What a settlement, a cancellation or a dispute decision would book now: per order, escrow out, refund, platform fee, net to the seller',
        description:
          "Nothing is written. The same checks as the action answer the same errors (e.g. RETENTION_NOT_ENDED, REFUND_MISSING, REFUND_EXCEEDS_HELD). Send the answer's `digest` back with the action as `preview_digest`.",
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZPayoutPreviewRequest,
        response: { 200: ZPayoutPreview, ...errors },
      },
      config: admin,
    },
    async (request) => previewPayout(app.db, request.params.id, request.body),
  );

  app.post(
    '/admin/operations/:id/dispute/decision',
    {
      schema: {
        summary: 'Decide the dispute of a failed inspection: release, full refund, or partial refunds',
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZDisputeDecisionRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await decideDispute(app.db, requireAuth(request), request.params.id, request.body);
      return ok;
    },
  );

  app.post(
    '/admin/operations/:id/cancel',
    {
      schema: {
        summary: 'Cancel a deal before departure, with a reason: live orders end, held escrow is refunded',
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZCancelOperationRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await cancelOperation(app.db, requireAuth(request), request.params.id, request.body.reason, {
        previewDigest: request.body.preview_digest,
      });
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
    '/operations/:id/disputes',
    {
      schema: {
        summary: 'Open a dispute on a deal (a buyer with a live, paid order, within the window after arrival)',
        description: `multipart/form-data: a \`reason\` field and up to ${DISPUTE_EVIDENCE_MAX_FILES} \`evidence\` file parts (PDF, JPEG or PNG, at most 10 MB each). Refused outside the window (DISPUTE_WINDOW_CLOSED), for anyone without a live, paid order (DISPUTE_NOT_PARTICIPANT) and while a dispute is open (DISPUTE_ALREADY_OPEN: add evidence to it instead).`,
        tags: ['operations'],
        params: ZOperationIdParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZOpenDisputeResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'kyc',
        multipartBody: {
          reason: { isRequired: true, description: 'Why the dispute is opened' },
          evidence: {
            isFile: true,
            isRepeated: true,
            description: `Up to ${DISPUTE_EVIDENCE_MAX_FILES} files: PDF, JPEG or PNG, at most 10 MB; the type is read from the content and must match the extension`,
          },
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = await readMultipart(request, { limits: DISPUTE_UPLOAD_LIMITS });
      if (body.files.some((file) => file.fieldName !== 'evidence')) throw new AppError('BAD_REQUEST');
      const parsed = ZOpenDisputeFields.safeParse(body.fields);
      if (!parsed.success) throw new AppError('VALIDATION_FAILED', {}, { fields: fieldErrors(parsed.error) });
      const result = await openDispute(
        { db: app.db, storage: app.storage, log: request.log },
        auth,
        request.params.id,
        parsed.data,
        body.files,
      );
      return reply.code(201).send(result);
    },
  );

  app.post(
    '/operations/:id/disputes/evidence',
    {
      schema: {
        summary: "Add evidence files to a deal's open dispute (its buyers with a live, paid order)",
        description: `multipart/form-data: up to ${DISPUTE_EVIDENCE_MAX_FILES} \`evidence\` file parts in all per dispute.`,
        tags: ['operations'],
        params: ZOperationIdParams,
        consumes: ['multipart/form-data'],
        response: { 201: ZOpenDisputeResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'kyc',
        multipartBody: {
          evidence: {
            isFile: true,
            isRepeated: true,
            isRequired: true,
            description: `Up to ${DISPUTE_EVIDENCE_MAX_FILES} files per dispute in all: PDF, JPEG or PNG, at most 10 MB; the type is read from the content and must match the extension`,
          },
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const body = await readMultipart(request, { limits: { ...DISPUTE_UPLOAD_LIMITS, fields: 0 } });
      if (body.files.some((file) => file.fieldName !== 'evidence')) throw new AppError('BAD_REQUEST');
      const result = await addDisputeEvidence(
        { db: app.db, storage: app.storage, log: request.log },
        auth,
        request.params.id,
        body.files,
      );
      return reply.code(201).send(result);
    },
  );

  app.get(
    '/operations/:id/disputes/evidence/:evidenceId',
    {
      schema: {
        summary: "A dispute's evidence file, for the deal's buyers, its seller and admins",
        tags: ['operations'],
        params: z.object({ id: z.uuid('validation.invalid'), evidenceId: z.uuid('validation.invalid') }),
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { file, fileName } = await getDisputeEvidenceFile(
        app.db,
        app.storage,
        auth,
        request.params.id,
        request.params.evidenceId,
      );
      return sendStoredFile(reply, file, {
        fileName,
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
          "multipart/form-data, as the admin's step: occurred_at, notes, and the step's details (departure: bl_number, vessel, voyage and containers, required; inspection: result and net_weight_kg, required, and quality; ETA update: eta) with a `document` file part (the B/L at departure, the certificate at inspection). Refused on a deal not assigned to the caller (403 PARTNER_NOT_ASSIGNED), for a step of another role (403), when the state table refuses it (409) or a document the checklist gates on it is missing (409).",
        tags: ['partners'],
        params: ZPartnerStepParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'partner',
        multipartBody: {
          occurred_at: { isRequired: true, format: 'date', description: 'When the step happened (YYYY-MM-DD)' },
          notes: { description: 'Notes shown to the participants' },
          result: { enum: ['passed', 'failed'], description: "The inspection's result (inspection only)" },
          ...MILESTONE_DETAIL_FIELDS,
          document: {
            isFile: true,
            description:
              'The bill of lading (departure) or the inspection certificate (inspection), required there: PDF, JPEG or PNG, at most 10 MB',
          },
        },
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
