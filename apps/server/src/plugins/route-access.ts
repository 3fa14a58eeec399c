import { type ApiKeyScope, canPassKycGate, isPartnerRole } from '@tradeops/shared';
import { type FastifyRequest } from 'fastify';
import { AppError } from '../errors';
import { appPlugin } from './app-plugin';
import { type AuthContext } from './auth/auth-plugin';
import { sendError } from './error-handler';
import { DOCS_PREFIX } from './openapi';

/**
 * Who may call a route. `kyc`: signed in and KYC approved (staff and admins
 * pass); `buyer` / `seller`: kyc and that role (admins pass); `partner`: kyc and a logistics
 * or inspector account (admins pass; the service still acts only on the caller's assignments); `admin`: admins.
 * The authorization-matrix test enumerates every route by it.
 */
export const ROUTE_ACCESS_LEVELS = ['public', 'authenticated', 'kyc', 'buyer', 'seller', 'partner', 'admin'] as const;
export type RouteAccess = (typeof ROUTE_ACCESS_LEVELS)[number];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: RouteAccess;
    /**
     * Whether a company's API key may call this route, and with which scope (`write` routes need a
     * write key). Absent: sessions only. Only a company's own read/write API takes keys (orders,
     * operations, statements, notifications): never admin routes, account or security settings.
     */
    apiKey?: ApiKeyScope;
  }
  interface FastifyInstance {
    /** Every /api route with its access level, for the authorization-matrix test and the docs. */
    apiRoutes: ApiRouteAccess[];
  }
}

export interface ApiRouteAccess {
  method: string;
  url: string;
  access: RouteAccess;
  apiKey: ApiKeyScope | null;
}

type Refusal =
  | 'UNAUTHENTICATED'
  | 'KYC_REQUIRED'
  | 'FORBIDDEN'
  | 'TWO_FACTOR_ENROLMENT_REQUIRED'
  | 'API_KEY_NOT_ALLOWED'
  | 'API_KEY_SCOPE_INSUFFICIENT'
  | null;

/** Why a request made with an API key may not call a route (null: it may, as far as the key goes). */
export function getApiKeyRefusal(routeScope: ApiKeyScope | undefined, auth: FastifyRequest['auth']): Refusal {
  const grant = auth?.apiKey;
  if (!grant) return null;
  if (!routeScope) return 'API_KEY_NOT_ALLOWED';
  return routeScope === 'write' && grant.scope !== 'write' ? 'API_KEY_SCOPE_INSUFFICIENT' : null;
}

/** Why a request may not call a route of this access level (null: it may). */
export function getAccessRefusal(access: RouteAccess, auth: FastifyRequest['auth']): Refusal {
  if (access === 'public') return null;
  if (!auth) return 'UNAUTHENTICATED';
  if (access === 'authenticated') return null;
  if (access === 'admin') {
    if (auth.isAdmin) return null;
    // An admin in production without two-factor sign-in: enrol first (at the admin door).
    return auth.twoFactorEnrolmentRequired ? 'TWO_FACTOR_ENROLMENT_REQUIRED' : 'FORBIDDEN';
  }
  const { profile } = auth;
  if (!canPassKycGate({ ...profile, isAdmin: auth.isAdmin })) return 'KYC_REQUIRED';
  if (access === 'kyc' || auth.isAdmin) return null;
  if (access === 'partner') return isPartnerRole(profile.role) ? null : 'FORBIDDEN';
  const role = access === 'buyer' ? 'buyer' : 'seller';
  return profile.role === role ? null : 'FORBIDDEN';
}

/**
 * The signed-in caller, in the handler of a route that is not public: the access hook has
 * refused visitors already, so this narrows the type (and still refuses one, should a route's
 * access be declared wrong).
 */
export function requireAuth(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}

/** The caller of an admin route (the access hook has refused everyone else already). */
export function requireAdmin(request: FastifyRequest): AuthContext {
  if (!request.auth?.isAdmin) throw new AppError('FORBIDDEN');
  return request.auth;
}

/**
 * Every API route must say who may call it: a route without `config.access`
 * fails start-up instead of shipping open by accident, and a preValidation hook
 * (before the body is even validated) enforces it on every request. Routes added by plugins (the API reference
 * pages, the SPA's static files) are public by nature.
 */
export const routeAccessPlugin = appPlugin(async (app) => {
  const apiRoutes: ApiRouteAccess[] = [];
  app.decorate('apiRoutes', apiRoutes);
  app.addHook('onRoute', (route) => {
    const config = (route.config ?? {}) as { access?: RouteAccess; apiKey?: ApiKeyScope };
    const isApi = route.url === '/api' || route.url.startsWith('/api/');
    if (config.access) {
      if (!ROUTE_ACCESS_LEVELS.includes(config.access)) {
        throw new Error(`Route ${String(route.method)} ${route.url} declares an unknown access "${config.access}"`);
      }
      if (isApi && !route.url.startsWith(DOCS_PREFIX)) {
        for (const method of [route.method].flat()) {
          if (method !== 'HEAD') {
            apiRoutes.push({ method, url: route.url, access: config.access, apiKey: config.apiKey ?? null });
          }
        }
      }
      return;
    }
    if (!isApi || route.url.startsWith(DOCS_PREFIX)) {
      route.config = { ...config, access: 'public' } as typeof route.config;
      return;
    }
    throw new Error(`Route ${String(route.method)} ${route.url} declares no access (config.access)`);
  });

  app.addHook('preValidation', async (request, reply) => {
    const { access = 'public', apiKey } = request.routeOptions.config;
    const refusal = getApiKeyRefusal(apiKey, request.auth ?? null) ?? getAccessRefusal(access, request.auth ?? null);
    if (refusal) return sendError(request, reply, refusal);
  });
});
