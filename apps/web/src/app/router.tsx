import { createBrowserRouter, type HydrationState, matchRoutes, redirect, type RouteObject } from 'react-router';
import { withTexts } from '../lib/i18n';
import { landingPathForMode, readUserMode } from '../lib/user-mode';
import { RootHydrateFallback, RootLayout } from './layouts/root-layout';
import {
  CONTENT_NAMESPACES,
  DEAL_PAGE_NAMESPACES,
  type RouteHandle,
  publicPageHandle,
  routeNamespaces,
} from './route-handle';
import { RouteErrorScreen } from './routes/route-error';
import { sessionQueryOptions } from '../lib/session';
import { ensureQueries } from './route-data';
import { SourceLandingPage, sourceLandingLoader } from './routes/source-landing';

/*
 * The one route table of the app (spec §2 plus the dashboards' sidebar links).
 * Only the landing is in the entry bundle; every other screen (and the signed-in areas' guards and
 * layouts) is a lazy chunk, its title from the route's handle.
 */

function page(path: string, titleKey: NonNullable<RouteHandle['titleKey']>, lazy: RouteObject['lazy']): RouteObject {
  return { path, handle: { titleKey } satisfies RouteHandle, lazy } as RouteObject;
}

const accountSettingsPage = () =>
  import('./routes/account-settings').then((module) => ({ Component: module.AccountSettingsPage }));

/** `/` follows the saved mode (spec §2): supply → its landing, source → the source landing, none → shown here. */
export function homeLoader() {
  const target = landingPathForMode(readUserMode());
  return target ? redirect(target) : null;
}

/** Every page's chrome reads the session (the navbar, the guards). */
function rootLoader(): Promise<null> {
  return ensureQueries([sessionQueryOptions]);
}

const routeTable: RouteObject[] = [
  {
    id: 'root',
    path: '/',
    // The public chrome's texts come with the app; the landing (here, not lazy) needs no others.
    handle: { namespaces: [] } satisfies RouteHandle,
    Component: RootLayout,
    loader: rootLoader,
    HydrateFallback: RootHydrateFallback,
    errorElement: <RouteErrorScreen />,
    children: [
      {
        index: true,
        loader: () => homeLoader() ?? sourceLandingLoader(),
        Component: SourceLandingPage,
        handle: publicPageHandle('/', []),
      },
      {
        path: 'source-landing',
        loader: sourceLandingLoader,
        Component: SourceLandingPage,
        handle: publicPageHandle('/source-landing', []),
      },
      {
        path: 'supply-landing',
        handle: publicPageHandle('/supply-landing'),
        lazy: () => import('./routes/supply-landing').then((module) => ({ Component: module.SupplyLandingPage })),
      },
      {
        path: 'operations',
        handle: publicPageHandle('/operations', ['errors']),
        lazy: () =>
          import('./routes/operations').then((module) => ({
            Component: module.OperationsPage,
            loader: module.operationsLoader,
          })),
      },

      // Content
      {
        path: 'about',
        handle: publicPageHandle('/about'),
        lazy: () => import('./routes/about').then((module) => ({ Component: module.AboutPage })),
      },
      {
        path: 'terms',
        handle: { titleKey: 'legal.terms.title', serverRendered: true, namespaces: ['site'] } satisfies RouteHandle,
        lazy: () => import('./routes/legal').then((module) => ({ Component: module.TermsPage })),
      },
      {
        path: 'privacy',
        handle: { titleKey: 'legal.privacy.title', serverRendered: true, namespaces: ['site'] } satisfies RouteHandle,
        lazy: () => import('./routes/legal').then((module) => ({ Component: module.PrivacyPage })),
      },
      {
        path: 'escrow-agreement',
        handle: { titleKey: 'legal.escrow.title', serverRendered: true, namespaces: ['site'] } satisfies RouteHandle,
        lazy: () => import('./routes/legal').then((module) => ({ Component: module.EscrowAgreementPage })),
      },
      {
        path: 'why-tradeops',
        handle: publicPageHandle('/why-tradeops'),
        lazy: () => import('./routes/why-tradeops').then((module) => ({ Component: module.WhyTradeopsPage })),
      },
      {
        path: 'services',
        handle: publicPageHandle('/services'),
        lazy: () => import('./routes/services').then((module) => ({ Component: module.ServicesPage })),
      },
      {
        path: 'services/due-diligence',
        handle: publicPageHandle('/services/due-diligence'),
        lazy: () => import('./routes/due-diligence').then((module) => ({ Component: module.DueDiligencePage })),
      },
      {
        path: 'services/financing',
        handle: publicPageHandle('/services/financing'),
        lazy: () => import('./routes/financing').then((module) => ({ Component: module.FinancingPage })),
      },
      {
        path: 'blog',
        handle: publicPageHandle('/blog'),
        lazy: () =>
          import('./routes/blog').then((module) => ({ Component: module.BlogPage, loader: module.blogLoader })),
      },
      {
        path: 'blog/:slug',
        handle: {
          titleKey: 'pages.blog',
          hasDataHead: true,
          serverRendered: true,
          namespaces: CONTENT_NAMESPACES,
        } satisfies RouteHandle,
        lazy: () =>
          import('./routes/blog-post').then((module) => ({
            Component: module.BlogPostPage,
            loader: module.blogPostLoader,
          })),
      },
      {
        path: 'contact',
        handle: publicPageHandle('/contact'),
        lazy: () => import('./routes/contact').then((module) => ({ Component: module.ContactPage })),
      },
      {
        path: 'explore',
        handle: publicPageHandle('/explore'),
        lazy: () =>
          import('./routes/explore').then((module) => ({
            Component: module.ExplorePage,
            loader: module.exploreLoader,
          })),
      },

      // Operations and order
      {
        path: 'operation/featured',
        handle: {
          ...publicPageHandle('/operation/featured', DEAL_PAGE_NAMESPACES),
          hasDataHead: true,
        } satisfies RouteHandle,
        lazy: () =>
          import('./routes/operation-detail').then((module) => ({
            Component: module.FeaturedOperationPage,
            loader: module.featuredOperationLoader,
          })),
      },
      {
        path: 'operation/:id',
        handle: {
          titleKey: 'pages.operationDetail',
          hasDataHead: true,
          serverRendered: true,
          namespaces: DEAL_PAGE_NAMESPACES,
        } satisfies RouteHandle,
        lazy: () =>
          import('./routes/operation-detail').then((module) => ({
            Component: module.OperationDetailPage,
            loader: module.operationLoader,
          })),
      },
      page('operation/:operationId/order', 'pages.operationOrder', () =>
        import('./routes/operation-order').then((m) => ({ Component: m.OperationOrderPage })),
      ),
      page('operation/:operationId/participate', 'pages.operationParticipate', () =>
        import('./routes/operation-participate').then((m) => ({ Component: m.OperationParticipatePage })),
      ),
      {
        // The live operation room: the API lets in the operation's buyers, its seller and admins.
        lazy: () => import('./guards').then((module) => ({ Component: module.RequireKyc })),
        children: [
          page('operation/:operationId/waiting', 'pages.operationWaiting', () =>
            import('./routes/operation-waiting').then((m) => ({ Component: m.OperationWaitingPage })),
          ),
          page('confirmation-demo', 'pages.operationWaiting', () =>
            import('./routes/confirmation-demo').then((m) => ({ Component: m.ConfirmationDemoPage })),
          ),
        ],
      },

      // Accounts
      page('signup', 'pages.signup', () => import('./routes/signup').then((m) => ({ Component: m.SignupPage }))),
      page('login', 'pages.login', () => import('./routes/login').then((m) => ({ Component: m.LoginPage }))),
      page('forgot-password', 'pages.forgotPassword', () =>
        import('./routes/forgot-password').then((m) => ({ Component: m.ForgotPasswordPage })),
      ),
      page('reset-password', 'pages.resetPassword', () =>
        import('./routes/reset-password').then((m) => ({ Component: m.ResetPasswordPage })),
      ),
      page('verify-email', 'pages.verifyEmail', () =>
        import('./routes/verify-email').then((m) => ({ Component: m.VerifyEmailPage })),
      ),
      page('admin_ilumia/login', 'pages.adminLogin', () =>
        import('./routes/admin-login').then((m) => ({ Component: m.AdminLoginPage })),
      ),

      // Signed in (any KYC state): onboarding, KYC status, mode choice
      {
        lazy: () => import('./guards').then((module) => ({ Component: module.RequireAuth })),
        children: [
          page('onboarding', 'pages.onboarding', () =>
            import('./routes/onboarding').then((m) => ({ Component: m.OnboardingPage })),
          ),
          page('kyc-cuenta', 'pages.kycAccount', () =>
            import('./routes/kyc-account').then((m) => ({ Component: m.KycAccountPage })),
          ),
          page('kyc-cuenta/pendiente', 'pages.kycPending', () =>
            import('./routes/kyc-pending').then((m) => ({ Component: m.KycPendingPage })),
          ),
          page('kyc-cuenta/reintentar', 'pages.kycRetry', () =>
            import('./routes/kyc-retry').then((m) => ({ Component: m.KycRetryPage })),
          ),
          page('mode-select', 'pages.modeSelect', () =>
            import('./routes/mode-select').then((m) => ({ Component: m.ModeSelectPage })),
          ),
        ],
      },

      // Past the KYC gate: the buyer side (with its sidebar)
      {
        lazy: () => import('./layouts/area-layout').then((module) => ({ Component: module.BuyerArea })),
        children: [
          page('buyer/dashboard', 'pages.buyerDashboard', () =>
            import('./routes/buyer-dashboard').then((m) => ({ Component: m.BuyerDashboardPage })),
          ),
          page('buyer/operations', 'pages.buyerOperations', () =>
            import('./routes/buyer-operations').then((m) => ({ Component: m.BuyerOperationsPage })),
          ),
          page('buyer/settings', 'pages.buyerSettings', accountSettingsPage),
          page('buyer/statements/:orderId', 'statements.buyer.pdfTitle', () =>
            import('./routes/buyer-statement').then((m) => ({ Component: m.BuyerStatementPage })),
          ),
        ],
      },

      // Role seller (after the KYC gate)
      {
        lazy: () => import('./layouts/area-layout').then((module) => ({ Component: module.SellerArea })),
        children: [
          page('seller/dashboard', 'pages.sellerDashboard', () =>
            import('./routes/seller-dashboard').then((m) => ({ Component: m.SellerDashboardPage })),
          ),
          page('seller/offers', 'pages.sellerOffers', () =>
            import('./routes/seller-offers').then((m) => ({ Component: m.SellerOffersPage })),
          ),
          // "Mis ofertas" before the glossary named the page: an old link (with its ?edit=) still lands.
          {
            path: 'seller/products',
            loader: ({ request }) => redirect(`/seller/offers${new URL(request.url).search}`),
          },
          page('seller/settings', 'pages.sellerSettings', accountSettingsPage),
          page('seller/statements/:operationId', 'statements.seller.pdfTitle', () =>
            import('./routes/seller-statement').then((m) => ({ Component: m.SellerStatementPage })),
          ),
          page('make-offer', 'pages.makeOffer', () =>
            import('./routes/make-offer').then((m) => ({ Component: m.MakeOfferPage })),
          ),
        ],
      },

      // Logistics partners and inspectors: the deals assigned to them (after the KYC gate)
      {
        lazy: () => import('./layouts/area-layout').then((module) => ({ Component: module.PartnerArea })),
        children: [
          page('partner/operations', 'pages.partnerOperations', () =>
            import('./routes/partner-operations').then((m) => ({ Component: m.PartnerOperationsPage })),
          ),
          page('partner/operations/:id', 'pages.partnerOperation', () =>
            import('./routes/partner-operation').then((m) => ({ Component: m.PartnerOperationPage })),
          ),
          page('partner/settings', 'pages.partnerSettings', accountSettingsPage),
        ],
      },

      // Administration
      {
        lazy: () => import('./layouts/area-layout').then((module) => ({ Component: module.AdminArea })),
        children: [
          page('admin', 'pages.admin', () =>
            import('./routes/admin-dashboard').then((m) => ({ Component: m.AdminDashboardPage })),
          ),
          page('admin/kyc', 'pages.adminKyc', () =>
            import('./routes/admin-kyc').then((m) => ({ Component: m.AdminKycPage })),
          ),
          page('admin/kyc/users', 'pages.adminKycUsers', () =>
            import('./routes/admin-kyc-users').then((m) => ({ Component: m.AdminKycUsersPage })),
          ),
          page('admin/offer-reviews', 'pages.adminKycOperations', () =>
            import('./routes/admin-offer-reviews').then((m) => ({ Component: m.AdminOfferReviewsPage })),
          ),
          // The offer review's address before issue 26.
          { path: 'admin/kyc/operations', loader: () => redirect('/admin/offer-reviews') },
          page('admin/settings', 'pages.adminSettings', () =>
            import('./routes/admin-settings').then((m) => ({ Component: m.AdminSettingsPage })),
          ),
          page('admin/compliance', 'pages.adminCompliance', () =>
            import('./routes/admin-compliance').then((m) => ({ Component: m.AdminCompliancePage })),
          ),
          page('admin/compliance/cases/:caseId', 'pages.adminComplianceCase', () =>
            import('./routes/admin-compliance-case').then((m) => ({ Component: m.AdminComplianceCasePage })),
          ),
          page('admin/outbox', 'pages.adminOutbox', () =>
            import('./routes/admin-outbox').then((m) => ({ Component: m.AdminOutboxPage })),
          ),
          page('admin/messages', 'pages.adminMessages', () =>
            import('./routes/admin-messages').then((m) => ({ Component: m.AdminMessagesPage })),
          ),
          page('admin/payments', 'pages.adminPayments', () =>
            import('./routes/admin-payments').then((m) => ({ Component: m.AdminPaymentsPage })),
          ),
          page('admin/operations/:operationId/ledger', 'pages.adminLedger', () =>
            import('./routes/admin-ledger').then((m) => ({ Component: m.AdminLedgerPage })),
          ),
          page('admin/operations', 'pages.adminOperations', () =>
            import('./routes/admin-operations').then((m) => ({ Component: m.AdminOperationsPage })),
          ),
          page('admin/operations/:id', 'pages.adminOperationControl', () =>
            import('./routes/admin-operation-control').then((m) => ({ Component: m.AdminOperationControlPage })),
          ),
        ],
      },

      {
        path: '*',
        // Rendered by the server too, answered with 404 (not a soft 404 search engines would index).
        handle: { titleKey: 'pages.notFound', serverRendered: true, status: 404, namespaces: [] } satisfies RouteHandle,
        lazy: () => import('./routes/not-found').then((module) => ({ Component: module.NotFoundPage })),
      },
    ],
  },
];

/**
 * Each lazy route loads its catalog namespaces (its handle's) with its code, in the language the
 * page renders in, so it never renders a raw key; a route that is not lazy needs none beyond the
 * public chrome's (the table's root and landing).
 */
function withNamespaces(table: RouteObject[]): RouteObject[] {
  return table.map((route) => {
    const lazy = route.lazy as (() => Promise<Partial<RouteObject>>) | undefined;
    const children = route.children ? withNamespaces(route.children) : undefined;
    const loadsTexts = typeof lazy === 'function' ? withTexts(routeNamespaces(route.handle), lazy) : route.lazy;
    return { ...route, ...(children ? { children } : {}), ...(loadsTexts ? { lazy: loadsTexts } : {}) } as RouteObject;
  });
}

export const routes: RouteObject[] = withNamespaces(routeTable);

/** The browser's router; `hydrationData` when it takes over a page the server rendered. */
export function createAppRouter(hydrationData?: HydrationState) {
  return createBrowserRouter(routes, hydrationData ? { hydrationData } : undefined);
}

/**
 * Loads the code of the routes an address matches, so the page the server rendered can be
 * hydrated at once (a lazy route would first render its fallback and undo the server's HTML).
 */
export async function loadMatchedRoutes(location: string): Promise<void> {
  const lazyMatches = (matchRoutes(routes, location) ?? []).filter((match) => match.route.lazy);
  await Promise.all(
    lazyMatches.map(async ({ route }) => {
      const loaded = await (route.lazy as () => Promise<Partial<RouteObject>>)();
      Object.assign(route, { ...loaded, lazy: undefined });
    }),
  );
}
