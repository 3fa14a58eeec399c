import {
  ZCancelOrderResponse,
  ZConfirmPaymentRequest,
  ZPlaceOrderRequest,
  ZPlaceOrderResponse,
  ZDocumentFileQuery,
  ZOperationIdParams,
  ZOrderFormResponse,
  ZOrderIdParams,
  ZOrderResponse,
  ZPageQuery,
  ZPaymentQueueResponse,
  ZRejectPaymentRequest,
  UPLOAD_MAX_MB,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { readMultipart } from '../../plugins/multipart';
import { sendStoredFile } from '../../plugins/storage/send-stored-file';
import { requireAuth, requireAdmin } from '../../plugins/route-access';
import { cancelOrder } from './order-release.service';
import { answerLegacyPaths } from '../../plugins/legacy-paths';
import { getMyOrder, getOrder, getOrderForm } from './get-order.service';
import { placeOrder } from './place-order.service';
import { listPaymentQueue } from './list-payment-queue.service';
import { confirmPayment, rejectPayment } from './payments.service';
import { getPaymentProofFile, uploadPaymentProof } from './upload-payment-proof.service';

const errors = errorResponses(400, 401, 403, 404, 409);

/** Orders (a buyer's orders), their cancel and payment proofs, and the admins' payment verification. */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  // The paths these had as participations answer too (deprecated).
  answerLegacyPaths(app);
  app.get(
    '/operations/:id/order-form',
    {
      schema: {
        summary: "The order page's figures for the caller: limits, tons already held, whether ordering is open",
        tags: ['orders'],
        params: ZOperationIdParams,
        response: { 200: ZOrderFormResponse, ...errors },
      },
      config: { access: 'buyer', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOrderForm(app.db, requireAuth(request), request.params.id, request.lang);
    },
  );

  app.post(
    '/operations/:id/orders',
    {
      schema: {
        summary: 'Place an order (take tons of an operation)',
        description:
          'One transaction under the operation row lock: open status, deadline, lot step, minimum, the per-participant cap (all live orders of the buyer) and availability are checked; the order holds its tons for the hold set in the platform settings. 201 with the new order; a replay of the same idempotencyKey by the same user answers 200 with the first order and creates nothing.',
        tags: ['orders'],
        params: ZOperationIdParams,
        body: ZPlaceOrderRequest,
        response: { 200: ZPlaceOrderResponse, 201: ZPlaceOrderResponse, ...errors },
      },
      config: { access: 'buyer', apiKey: 'write' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const result = await placeOrder(app.db, auth, request.params.id, request.body);
      return reply.code(result.created ? 201 : 200).send({ order: result.order });
    },
  );

  app.get(
    '/operations/:id/orders/mine',
    {
      schema: {
        summary: "The caller's latest live order in an operation, with payment instructions and escrow state",
        tags: ['orders'],
        params: ZOperationIdParams,
        response: { 200: ZOrderResponse, ...errors },
      },
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getMyOrder(app.db, requireAuth(request), request.params.id, request.lang);
    },
  );

  app.get(
    '/orders/:id',
    {
      schema: {
        summary: 'One order (its buyer or an admin)',
        tags: ['orders'],
        params: ZOrderIdParams,
        response: { 200: ZOrderResponse, ...errors },
      },
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getOrder(app.db, requireAuth(request), request.params.id, request.lang);
    },
  );

  app.post(
    '/orders/:id/proof',
    {
      schema: {
        summary: 'Upload the payment proof of an order (its buyer)',
        description: `multipart/form-data with one file part, at most ${UPLOAD_MAX_MB} MB: PDF, JPEG or PNG, the type read from the content and matching the extension. Allowed while the payment is pending or after a rejection; the payment goes to verification.`,
        tags: ['orders'],
        params: ZOrderIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZPlaceOrderResponse, ...errorResponses(413, 415), ...errors },
      },
      config: {
        access: 'kyc',
        apiKey: 'write',
        multipartBody: {
          file: {
            isFile: true,
            isRequired: true,
            description: `The proof of payment: PDF, JPEG or PNG, at most ${UPLOAD_MAX_MB} MB; the type is read from the content and must match the extension`,
          },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const [file] = (await readMultipart(request, { preservePath: true })).files;
      if (!file) throw new AppError('BAD_REQUEST');
      const order = await uploadPaymentProof(
        { db: app.db, storage: app.storage, log: request.log },
        auth,
        request.params.id,
        file,
      );
      return { order };
    },
  );

  app.get(
    '/orders/:id/proof',
    {
      schema: {
        summary: 'The payment proof file (its buyer and admins)',
        description:
          'Inline for the in-page preview (sandboxed, nosniff), or as an attachment with ?download=1. With ?revision=N, a proof replaced since that revision answers 409 instead of the newer file.',
        tags: ['orders'],
        params: ZOrderIdParams,
        querystring: ZDocumentFileQuery,
        response: { 200: z.any(), ...errors },
      },
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { file, contentType, fileName } = await getPaymentProofFile(
        app.db,
        app.storage,
        auth,
        request.params.id,
        request.query.revision,
      );
      return sendStoredFile(reply, file, {
        fileName,
        contentType,
        disposition: request.query.download === '1' ? 'attachment' : 'inline',
      });
    },
  );

  app.post(
    '/orders/:id/cancel',
    {
      schema: {
        summary: 'Cancel one’s own unpaid order (no proof yet, or a rejected one); its tons are freed',
        tags: ['orders'],
        params: ZOrderIdParams,
        response: { 200: ZCancelOrderResponse, ...errorResponses(400, 401, 404, 409) },
      },
      config: { access: 'kyc', apiKey: 'write' },
    },
    async (request) => {
      const userId = requireAuth(request).user.id;
      const ended = await cancelOrder(app.db, app.jobs, userId, request.params.id);
      return {
        id: ended.id,
        status: 'cancelled' as const,
        endedReason: 'cancelled_by_buyer' as const,
        endedAt: (ended.endedAt ?? new Date()).toISOString(),
      };
    },
  );

  const admin = { access: 'admin' } as const;

  app.get(
    '/admin/payments',
    {
      schema: {
        summary: 'Payment proofs waiting for verification, oldest first, a page at a time, with how many wait',
        tags: ['admin'],
        querystring: ZPageQuery,
        response: { 200: ZPaymentQueueResponse, ...errors },
      },
      config: admin,
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listPaymentQueue(app.db, request.lang, request.query);
    },
  );

  app.post(
    '/admin/payments/:id/confirm',
    {
      schema: {
        summary: 'Confirm a payment: status confirmed and the escrow deposit, in one transaction',
        description: 'Names the proof revision the admin reviewed; a proof replaced since answers 409.',
        tags: ['admin'],
        params: ZOrderIdParams,
        body: ZConfirmPaymentRequest,
        response: { 200: ZPlaceOrderResponse, ...errors },
      },
      config: admin,
    },
    async (request) => ({
      order: await confirmPayment(app.db, requireAdmin(request), request.params.id, request.body.proofRevision),
    }),
  );

  app.post(
    '/admin/payments/:id/reject',
    {
      schema: {
        summary: 'Reject a payment proof with a reason; the buyer can upload another',
        tags: ['admin'],
        params: ZOrderIdParams,
        body: ZRejectPaymentRequest,
        response: { 200: ZPlaceOrderResponse, ...errors },
      },
      config: admin,
    },
    async (request) => ({
      order: await rejectPayment(
        app.db,
        requireAdmin(request),
        request.params.id,
        request.body.reason,
        request.body.proofRevision,
      ),
    }),
  );
};
