import {
  ZAssignPartnerRequest,
  ZAssignedPartnerParams,
  ZOperationIdParams,
  ZOperationPartnersResponse,
  ZPartnerOperationResponse,
  ZPartnerOperationsQuery,
  ZPartnerOperationsResponse,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import {
  assignPartner,
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
    async (request) => assignPartner(app.db, requireAuth(request), request.params.id, request.body.userId),
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
        summary:
          'One deal assigned to the caller: its steps, who recorded each, and the steps the caller may record now',
        tags: ['partners'],
        params: ZOperationIdParams,
        response: { 200: ZPartnerOperationResponse, ...errors },
      },
      config: { access: 'partner' },
    },
    async (request) => getPartnerOperation(app.db, requireAuth(request), request.params.id, request.lang),
  );
};
