import {
  ZAdminDashboardResponse,
  ZBuyerDashboardResponse,
  ZBuyerOrdersResponse,
  ZPageQuery,
  ZSellerDashboardResponse,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { getAdminDashboard, getBuyerDashboard, getSellerDashboard } from './dashboards.service';
import { listBuyerOrders } from './list-buyer-orders.service';

const errors = errorResponses(401, 403);
const pagedErrors = errorResponses(400, 401, 403);

/** Buyer, seller and admin dashboards: KPIs (zeros on failure, spec §8) and their lists. */
export const dashboardsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/buyer/dashboard',
    {
      schema: {
        summary:
          'The buyer’s KPIs (buyer_kpis), newest orders with payment and escrow state (a first page of /buyer/orders) and how many orders there are',
        tags: ['dashboards'],
        response: { 200: ZBuyerDashboardResponse, ...errors },
      },
      // Any KYC-approved user has a buyer side (spec §2: /buyer/dashboard is behind the KYC gate only).
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getBuyerDashboard(app.db, request.log, requireAuth(request).user.id, request.lang);
    },
  );

  app.get(
    '/buyer/orders',
    {
      schema: {
        summary:
          'The buyer’s orders with payment and escrow state, newest first, a page at a time, with how many there are',
        tags: ['dashboards'],
        querystring: ZPageQuery,
        response: { 200: ZBuyerOrdersResponse, ...pagedErrors },
      },
      config: { access: 'kyc', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listBuyerOrders(app.db, requireAuth(request).user.id, request.lang, request.query);
    },
  );

  app.get(
    '/seller/dashboard',
    {
      schema: {
        summary: 'The seller’s KPIs (seller_kpis) and offers with review status, allocation and escrow held',
        tags: ['dashboards'],
        response: { 200: ZSellerDashboardResponse, ...errors },
      },
      config: { access: 'seller', apiKey: 'read' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getSellerDashboard(app.db, request.log, requireAuth(request).user.id, request.lang);
    },
  );

  app.get(
    '/admin/dashboard',
    {
      schema: {
        summary: 'Back-office KPIs (queues, escrow held, volume this month) and the charts’ series',
        tags: ['admin'],
        response: { 200: ZAdminDashboardResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminDashboard(app.db, request.log, request.lang);
    },
  );
};
