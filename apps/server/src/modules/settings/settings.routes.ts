import {
  ZAccountProfile,
  ZAdminSettingsResponse,
  ZPlatformFeeResponse,
  ZUpdateAccountProfileRequest,
  ZUpdateAdminSettingsRequest,
} from '@tradeops/shared';
import { type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../plugins/error-handler';
import { requireAuth } from '../../plugins/route-access';
import { getAccountProfile, updateAccountProfile } from './account.service';
import { getAdminSettings, updateAdminSettings } from './admin-settings.service';
import { getPlatformSettings } from './settings.service';

const errors = errorResponses(400, 401, 403, 404);

/** Platform settings (/admin/settings) and the caller's own profile (the settings pages). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/settings',
    {
      schema: {
        summary: 'Platform settings: admin e-mails, escrow bank details, order hold and fund retention',
        tags: ['admin'],
        response: { 200: ZAdminSettingsResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAdminSettings(app.db, app.config.adminEmails);
    },
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        summary: 'Save the platform settings (each changed key is audited)',
        tags: ['admin'],
        body: ZUpdateAdminSettingsRequest,
        response: { 200: ZAdminSettingsResponse, ...errors },
      },
      config: { access: 'admin' },
    },
    async (request) => updateAdminSettings(app.db, requireAuth(request), request.body, app.config.adminEmails),
  );

  app.get(
    '/seller/platform-fee',
    {
      schema: {
        summary:
          'The platform’s commission on seller payouts now, in basis points (shown in the offer wizard and the seller dashboard)',
        tags: ['offers'],
        response: { 200: ZPlatformFeeResponse, ...errors },
      },
      config: { access: 'seller' },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      const { platformFeeBps } = await getPlatformSettings(app.db);
      return { platformFeeBps };
    },
  );

  app.get(
    '/account/profile',
    {
      schema: {
        summary: 'The caller’s profile, company, language and notification preferences',
        tags: ['account'],
        response: { 200: ZAccountProfile, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return getAccountProfile(app.db, requireAuth(request));
    },
  );

  app.put(
    '/account/profile',
    {
      schema: {
        summary: 'Update the caller’s name, language and notification preferences (company data until KYC approval)',
        tags: ['account'],
        body: ZUpdateAccountProfileRequest,
        response: { 200: ZAccountProfile, ...errors },
      },
      config: { access: 'authenticated' },
    },
    async (request) => updateAccountProfile(app.db, requireAuth(request), request.body),
  );
};
