import {
  ZOkResponse,
  ZOfferReviewResponse,
  ZPageQuery,
  ZReviewDecisionRequest,
  ZOfferReviewParams,
  ZReviewReasonRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAdmin } from '../../plugins/route-access';
import { approveOffer, listOffersAwaitingReview, rejectOffer } from './review-offer.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const ok = { ok: true } as const;

/**
 * The offer review (docs/glossary.md): an admin approves or rejects a seller's offer, at
 * /api/admin/offer-reviews. The paths under /api/admin/kyc/operations, where the review was served
 * before issue 26, keep answering the same (deprecated in the OpenAPI document).
 */
export const offerReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  const admin = { access: 'admin' } as const;

  for (const [base, deprecated] of [
    ['/admin/offer-reviews', false],
    ['/admin/kyc/operations', true],
  ] as const) {
    const see = deprecated ? ' (deprecated: the same under /api/admin/offer-reviews)' : '';

    app.get(
      base,
      {
        schema: {
          summary: `Offers awaiting review (admin_offer_review), oldest first, a page at a time${see}`,
          tags: ['admin'],
          deprecated,
          querystring: ZPageQuery,
          response: { 200: ZOfferReviewResponse, ...errors },
        },
        config: admin,
      },
      async (request) => listOffersAwaitingReview(app.db, request.lang, request.query),
    );

    app.post(
      `${base}/:operationId/approve`,
      {
        schema: {
          summary: `Approve an offer: its operation is published (the revision reviewed; an offer edited since answers 409)${see}`,
          tags: ['admin'],
          deprecated,
          params: ZOfferReviewParams,
          body: ZReviewDecisionRequest,
          response: { 200: ZOkResponse, ...errors },
        },
        config: admin,
      },
      async (request) => {
        await approveOffer(app.db, requireAdmin(request), request.params.operationId, request.body.revision);
        return ok;
      },
    );

    app.post(
      `${base}/:operationId/reject`,
      {
        schema: {
          summary: `Reject an offer with a reason${see}`,
          tags: ['admin'],
          deprecated,
          params: ZOfferReviewParams,
          body: ZReviewReasonRequest,
          response: { 200: ZOkResponse, ...errors },
        },
        config: admin,
      },
      async (request) => {
        const { reason, revision } = request.body;
        await rejectOffer(app.db, requireAdmin(request), request.params.operationId, reason, revision);
        return ok;
      },
    );
  }
};
