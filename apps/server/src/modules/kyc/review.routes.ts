import {
  ZDocumentIdParams,
  ZKycOverviewResponse,
  ZKycReviewUsersResponse,
  ZOkResponse,
  ZKycReviewUsersQuery,
  ZReviewDecisionRequest,
  ZReviewReasonRequest,
  ZUserIdParams,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAdmin } from '../../plugins/route-access';
import { approveUser, rejectUser } from './decide-company.service';
import { rejectDocument, verifyDocument } from './decide-document.service';
import { getKycOverview, listUsersAwaitingReview } from './list-review-queue.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = { ok: true } as const;

/** The admins' KYC review: companies and their documents (an offer's review is modules/offers). */
export const kycReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/kyc/overview',
    {
      schema: {
        summary: 'Counts for the KYC review overview',
        tags: ['admin'],
        response: { 200: ZKycOverviewResponse, ...errors },
      },
      config: admin,
    },
    async () => getKycOverview(app.db),
  );

  app.get(
    '/admin/kyc/users',
    {
      schema: {
        summary: 'Users awaiting KYC review, oldest first, with their five documents, 25 a page unless `limit` says',
        tags: ['admin'],
        querystring: ZKycReviewUsersQuery,
        response: { 200: ZKycReviewUsersResponse, ...errors },
      },
      config: admin,
    },
    async (request) => listUsersAwaitingReview(app.db, request.query),
  );

  app.post(
    '/admin/kyc/documents/:documentId/verify',
    {
      schema: {
        summary: 'Verify an uploaded document (the revision reviewed; a replaced one answers 409)',
        tags: ['admin'],
        params: ZDocumentIdParams,
        body: ZReviewDecisionRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await verifyDocument(app.db, requireAdmin(request), request.params.documentId, request.body.revision);
      return ok;
    },
  );

  app.post(
    '/admin/kyc/documents/:documentId/reject',
    {
      schema: {
        summary: 'Reject an uploaded document with a reason',
        tags: ['admin'],
        params: ZDocumentIdParams,
        body: ZReviewReasonRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      const { reason, revision } = request.body;
      await rejectDocument(app.db, requireAdmin(request), request.params.documentId, reason, revision);
      return ok;
    },
  );

  app.post(
    '/admin/kyc/users/:userId/approve',
    {
      schema: {
        summary: 'Approve a company (all five documents verified; the revision of its data reviewed)',
        tags: ['admin'],
        params: ZUserIdParams,
        body: ZReviewDecisionRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      await approveUser(app.db, requireAdmin(request), request.params.userId, request.body.revision);
      return ok;
    },
  );

  app.post(
    '/admin/kyc/users/:userId/reject',
    {
      schema: {
        summary: 'Reject a company with a reason',
        tags: ['admin'],
        params: ZUserIdParams,
        body: ZReviewReasonRequest,
        response: { 200: ZOkResponse, ...errors },
      },
      config: admin,
    },
    async (request) => {
      const { reason, revision } = request.body;
      await rejectUser(app.db, requireAdmin(request), request.params.userId, reason, revision);
      return ok;
    },
  );
};
