import {
  DISPUTE_EVIDENCE_MAX_FILES,
  ZAdminOperationsListResponse,
  ZCancelOperationRequest,
  ZFinalMeasurementRequest,
  ZFinalMeasurementResponse,
  ZDisputeDecisionRequest,
  ZOkResponse,
  ZPageQuery,
  ZOperationControlResponse,
  ZOpenDisputeFields,
  ZOpenDisputeResponse,
  ZOperationIdParams,
  ZPayoutPreview,
  ZPayoutPreviewRequest,
  ZSettleOperationRequest,
  UPLOAD_MAX_MB,
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
import { previewPayout } from './payout-preview.service';
import { fieldErrors } from './multipart-fields';
import { settleOperation } from './settlement.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = { ok: true } as const;

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
    '/admin/operations/:id/final-measurement',
    {
      schema: {
        summary: "Record a settled deal's final net weight and quality: pays the holdback out",
        description:
          "The second tranche (docs/decisions/021): a shortfall beyond the deal's quantity tolerance is refunded to each buyer pro rata to the cent (largest remainder), the rest of the holdback goes to the seller less the fee. An optional `previewDigest` names the payout preview (action final_measurement) the admin confirmed: if the figures changed since, nothing moves (409 PAYOUT_CHANGED).",
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZFinalMeasurementRequest,
        response: { 200: ZFinalMeasurementResponse, ...errors },
      },
      config: admin,
    },
    async (request) =>
      recordFinalMeasurement(app.db, requireAuth(request), request.params.id, {
        measuredNetTons: request.body.measuredNetTons,
        qualityNotes: request.body.qualityNotes,
        previewDigest: request.body.previewDigest,
      }),
  );

  app.post(
    '/admin/operations/:id/settle',
    {
      schema: {
        summary: 'Settle a deal whose inspection passed, after the fund retention: escrow → seller, less the fee',
        description:
          'An optional body `{ previewDigest }` names the payout preview the admin confirmed: if the figures changed since, nothing moves (409 PAYOUT_CHANGED).',
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZSettleOperationRequest.nullish(),
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await settleOperation(app.db, requireAuth(request), request.params.id, {
        previewDigest: request.body?.previewDigest,
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
          "Nothing is written. The same checks as the action answer the same errors (e.g. RETENTION_NOT_ENDED, REFUND_MISSING, REFUND_EXCEEDS_HELD). Send the answer's `digest` back with the action as `previewDigest`.",
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
        previewDigest: request.body.previewDigest,
      });
      return ok;
    },
  );

  app.post(
    '/operations/:id/disputes',
    {
      schema: {
        summary: 'Open a dispute on a deal (a buyer with a live, paid order, within the window after arrival)',
        description: `multipart/form-data: a \`reason\` field and up to ${DISPUTE_EVIDENCE_MAX_FILES} \`evidence\` file parts (PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB each). Refused outside the window (DISPUTE_WINDOW_CLOSED), for anyone without a live, paid order (DISPUTE_NOT_PARTICIPANT) and while a dispute is open (DISPUTE_ALREADY_OPEN: add evidence to it instead).`,
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
            description: `Up to ${DISPUTE_EVIDENCE_MAX_FILES} files: PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
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
            description: `Up to ${DISPUTE_EVIDENCE_MAX_FILES} files per dispute in all: PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
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
};
