import {
  ZOfferCreatedResponse,
  ZOfferDetail,
  ZOfferIdParams,
  ZOfferParticipantsResponse,
  ZOfferRequest,
  ZOkResponse,
  ZSellerOffersResponse,
  ZPageQuery,
  type OfferValues,
  zText,
  UPLOAD_MAX_MB,
} from '@tradeops/shared';
import { type FastifyRequest } from 'fastify';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../errors';
import { errorResponses } from '../../plugins/error-handler';
import { UPLOAD_LIMITS, readMultipart } from '../../plugins/multipart';
import { contentDisposition } from '../../plugins/storage/send-stored-file';
import { requireAuth } from '../../plugins/route-access';
import { getOfferDetail, listOfferParticipants, listSellerOffers } from './list-seller-offers.service';
import { type OfferFiles, openOfferImage } from './offer-files.service';
import { createOffer, updateOffer, withdrawOffer } from './offers.service';

const errors = errorResponses(400, 401, 403, 404, 409);
const uploadErrors = errorResponses(413, 415);
const seller = { access: 'seller' } as const;
/** The form as JSON in one field, a photo and a spec sheet. */
const OFFER_UPLOAD_LIMITS = { ...UPLOAD_LIMITS, files: 2, fields: 1, fieldSize: 64 * 1024 };

/**
 * Reads the offer's multipart body: the form as JSON in the `data` field
 * (parsed with the same zod schema as the wizard) and optional `image` and
 * `spec` files. Field errors come back like any VALIDATION_FAILED answer.
 */
async function readOfferBody(request: FastifyRequest): Promise<{ values: OfferValues; files: OfferFiles }> {
  const body = await readMultipart(request, { limits: OFFER_UPLOAD_LIMITS });
  if (Object.keys(body.fields).some((name) => name !== 'data')) throw new AppError('BAD_REQUEST');
  const files: OfferFiles = {};
  for (const file of body.files) {
    if ((file.fieldName !== 'image' && file.fieldName !== 'spec') || files[file.fieldName]) {
      throw new AppError('BAD_REQUEST');
    }
    files[file.fieldName] = { fileName: file.fileName, bytes: file.bytes };
  }
  let data: unknown;
  if (body.fields.data !== undefined) {
    try {
      data = JSON.parse(body.fields.data);
    } catch {
      throw new AppError('BAD_REQUEST');
    }
  }
  const parsed = ZOfferRequest.safeParse(data);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.') || 'data';
      fields[path] ??= issue.message; // a catalog key; the error handler translates it
    }
    throw new AppError('VALIDATION_FAILED', {}, { fields });
  }
  return { values: parsed.data, files };
}

/** A seller's offers: create (the /make-offer wizard), edit while pending, withdraw, participants, photo. */
export const offersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = (request: FastifyRequest) => ({ db: app.db, storage: app.storage, log: request.log });

  app.post(
    '/offers',
    {
      schema: {
        summary: 'Create an offer (pending, waiting for an admin’s approval)',
        description: `multipart/form-data: \`data\` (the offer form as JSON, ZOfferRequest), optional \`image\` (JPEG, PNG or WebP, at most 5 MB) and \`spec\` (PDF, at most ${UPLOAD_MAX_MB} MB). Types are read from the bytes. Only KYC-approved sellers.`,
        tags: ['offers'],
        consumes: ['multipart/form-data'],
        response: { 201: ZOfferCreatedResponse, ...uploadErrors, ...errors },
      },
      config: {
        ...seller,
        multipartBody: {
          data: { isRequired: true, description: 'The offer form as JSON (ZOfferRequest)' },
          image: { isFile: true, description: 'A product photo: JPEG, PNG or WebP, at most 5 MB' },
          spec: { isFile: true, description: `The specification sheet: PDF, at most ${UPLOAD_MAX_MB} MB` },
        },
      },
    },
    async (request, reply) => {
      const auth = requireAuth(request);
      const { values, files } = await readOfferBody(request);
      const created = await createOffer(deps(request), auth, values, files, request.lang);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/offers/mine',
    {
      schema: {
        summary: 'The caller’s offers, newest first, a page at a time, with review status, allocation and escrow held',
        tags: ['offers'],
        querystring: ZPageQuery,
        response: { 200: ZSellerOffersResponse, ...errors },
      },
      config: { ...seller, apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSellerOffers(app.db, requireAuth(request).user.id, request.lang, request.query);
    },
  );

  app.get(
    '/offers/:id',
    {
      schema: {
        summary: 'One of the caller’s offers with its form values',
        tags: ['offers'],
        params: ZOfferIdParams,
        response: { 200: ZOfferDetail, ...errors },
      },
      config: { ...seller, apiKey: 'read' },
    },
    async (request) => getOfferDetail(app.db, requireAuth(request), request.params.id, request.lang),
  );

  app.put(
    '/offers/:id',
    {
      schema: {
        summary: 'Edit an offer while it waits for review (same body as creation; files replace the current ones)',
        tags: ['offers'],
        params: ZOfferIdParams,
        consumes: ['multipart/form-data'],
        response: { 200: ZOkResponse, ...uploadErrors, ...errors },
      },
      config: {
        ...seller,
        multipartBody: {
          data: { isRequired: true, description: 'The offer form as JSON (ZOfferRequest)' },
          image: { isFile: true, description: 'A product photo: JPEG, PNG or WebP, at most 5 MB' },
          spec: { isFile: true, description: `The specification sheet: PDF, at most ${UPLOAD_MAX_MB} MB` },
        },
      },
    },
    async (request) => {
      const auth = requireAuth(request);
      const { values, files } = await readOfferBody(request);
      await updateOffer(deps(request), auth, request.params.id, values, files, request.lang);
      return { ok: true as const };
    },
  );

  app.post(
    '/offers/:id/withdraw',
    {
      schema: {
        summary: 'Withdraw an offer (cancelled); refused while a buyer holds tons in it',
        tags: ['offers'],
        params: ZOfferIdParams,
        response: { 200: ZOkResponse, ...errors },
      },
      config: seller,
    },
    async (request) => {
      await withdrawOffer(app.db, requireAuth(request), request.params.id);
      return { ok: true as const };
    },
  );

  app.get(
    '/offers/:id/participants',
    {
      schema: {
        summary: 'Who takes part in the offer, a page at a time: company, tons, payment status and escrow state',
        tags: ['offers'],
        params: ZOfferIdParams,
        querystring: ZPageQuery,
        response: { 200: ZOfferParticipantsResponse, ...errors },
      },
      config: { ...seller, apiKey: 'read' },
    },
    async (request) => listOfferParticipants(app.db, requireAuth(request), request.params.id, request.query),
  );

  app.get(
    '/offers/:id/image',
    {
      schema: {
        summary: 'An offer’s product photo',
        description:
          'Public once an admin approved the operation (the catalogue shows it); before that only its seller and admins get it, anyone else 404.',
        tags: ['offers'],
        params: ZOfferIdParams,
        querystring: z.object({ v: zText().max(64, 'validation.invalid').optional() }),
        response: { 200: z.any(), ...errorResponses(400, 404) },
      },
      config: { access: 'public' },
    },
    async (request, reply) => {
      const { file, isPublic } = await openOfferImage(app.db, app.storage, request.auth, request.params.id);
      return reply
        .header('content-type', file.meta.contentType)
        .header('content-length', String(file.meta.size))
        .header('content-disposition', contentDisposition('inline', file.meta.fileName ?? 'product'))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('cache-control', isPublic ? 'public, max-age=3600' : 'private, no-store')
        .send(file.stream);
    },
  );
};
