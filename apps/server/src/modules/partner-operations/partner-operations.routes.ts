import {
  ZAssignPartnerRequest,
  ZAssignedPartnerParams,
  ZOkResponse,
  ZOperationIdParams,
  ZOperationPartnersResponse,
  ZPartnerOperationResponse,
  ZPartnerOperationsQuery,
  ZPartnerOperationsResponse,
  ZPartnerStepParams,
  ZRecordMilestoneFields,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { readMultipart } from '../../plugins/multipart';
import { requireAuth } from '../../plugins/route-access';
import { MILESTONE_DETAIL_FIELDS, MILESTONE_UPLOAD_LIMITS, milestoneFields } from '../lifecycle/lifecycle.routes';
import { recordMilestone } from '../lifecycle/milestones.service';
import {
  assignPartner,
  callerPartnerRole,
  getPartnerOperation,
  listOperationPartners,
  listPartnerOperations,
  unassignPartner,
} from './partner-operations.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** The admin's assignment of partner accounts, and the partner area (a logistics partner's, an inspector's). */
export const partnerOperationsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/operations/:id/partners',
    {
      schema: {
        summary: "A deal's assigned logistics partner and inspector accounts, and the accounts that may be assigned",
        tags: ['admin'],
        params: ZOperationIdParams,
        response: { 200: ZOperationPartnersResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => listOperationPartners(app.db, request.params.id),
  );

  app.post(
    '/admin/operations/:id/partners',
    {
      schema: {
        summary: 'Assign a KYC-approved logistics partner or inspector account to a deal (audited)',
        tags: ['admin'],
        params: ZOperationIdParams,
        body: ZAssignPartnerRequest,
        response: { 200: ZOperationPartnersResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => assignPartner(app.db, requireAuth(request), request.params.id, request.body.user_id),
  );

  app.delete(
    '/admin/operations/:id/partners/:userId',
    {
      schema: {
        summary: 'Unassign a partner account from a deal (audited)',
        tags: ['admin'],
        params: ZAssignedPartnerParams,
        response: { 200: ZOperationPartnersResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => unassignPartner(app.db, requireAuth(request), request.params.id, request.params.userId),
  );

  app.get(
    '/partner/operations',
    {
      schema: {
        summary: 'The deals assigned to the calling logistics partner or inspector, newest assignment first',
        tags: ['partners'],
        querystring: ZPartnerOperationsQuery,
        response: { 200: ZPartnerOperationsResponse, ...errors },
      },
      config: { access: 'partner' },
    },
    async (request) => listPartnerOperations(app.db, requireAuth(request), request.query.page, request.lang),
  );

  app.get(
    '/partner/operations/:id',
    {
      schema: {
        summary: 'One deal assigned to the caller: its steps, who recorded each, and the steps the caller may record now',
        tags: ['partners'],
        params: ZOperationIdParams,
        response: { 200: ZPartnerOperationResponse, ...errors },
      },
      config: { access: 'partner' },
    },
    async (request) => getPartnerOperation(app.db, requireAuth(request), request.params.id, request.lang),
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
      const partnerRole = callerPartnerRole(auth);
      if (!partnerRole) throw new AppError('FORBIDDEN');
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
