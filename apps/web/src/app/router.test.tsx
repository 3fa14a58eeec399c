import {
  KYC_DOCUMENT_TYPE_LIST,
  type KycStatusResponse,
  USER_MODE_STORAGE_KEY,
  missingKycDocument,
} from '@tradeops/shared';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import {
  buildOperation,
  buildSessionUser,
  createTestQueryClient,
  jsonResponse,
  mockApi,
  mockPublicPagesApi,
  renderApp,
} from '../test/render';
import { AppProviders } from './provider';
import { routes } from './router';

/** Every screen of spec §2 and the dashboards' sidebar links, with the h1 each shows today. */
const SCREENS: Array<[path: string, heading: string]> = [
  ['/about', 'Nosotros'],
  ['/services', 'Servicios'],
  ['/services/due-diligence', 'Debida diligencia'],
  ['/services/financing', 'Financiamiento'],
  ['/operations', 'Catálogo de operaciones'],
  ['/blog', 'Blog'],
  ['/contact', 'Contacto'],
  ['/explore', 'Explora las operaciones abiertas'],
  ['/supply-landing', 'Vende en TradeOps'],
  ['/operation/0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01/order', 'Participar en la operación'],
  ['/operation/0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01/participate', 'Pago de tu pedido'],
  ['/operation/0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01/waiting', 'Esperando la asignación completa'],
  ['/confirmation-demo', 'Esperando la asignación completa'],
  ['/make-offer', 'Hacer una oferta'],
  ['/why-tradeops', '¿Por qué TradeOps?'],
  ['/signup', 'Crea tu cuenta'],
  ['/login', 'Inicia sesión'],
  ['/onboarding', 'Verificación de la empresa'],
  ['/kyc-cuenta', 'Estado de verificación'],
  // /kyc-cuenta/pendiente and /kyc-cuenta/reintentar depend on the company's KYC state: routes/kyc-pages.test.tsx.
  ['/mode-select', '¿Cómo quieres usar TradeOps?'],
  ['/buyer/dashboard', 'Panel del comprador'],
  ['/buyer/operations', 'Mis operaciones'],
  ['/buyer/settings', 'Configuración de la cuenta'],
  ['/seller/dashboard', 'Panel del vendedor'],
  ['/seller/offers', 'Mis ofertas'],
  ['/seller/settings', 'Configuración de la cuenta'],
  ['/admin_ilumia/login', 'Acceso de administración'],
  ['/admin', 'Panel de administración'],
  ['/admin/kyc', 'Revisión KYC'],
  ['/admin/kyc/users', 'Revisión KYC de usuarios'],
  ['/admin/offer-reviews', 'Revisión de ofertas'],
  // The offer review's address before issue 26 answers with the page at its new one.
  ['/admin/kyc/operations', 'Revisión de ofertas'],
  // The seller's offers' address before the glossary named it.
  ['/seller/products', 'Mis ofertas'],
  ['/admin/settings', 'Configuración de la plataforma'],
  ['/admin/outbox', 'Correos salientes'],
  ['/admin/messages', 'Mensajes de contacto'],
  ['/admin/payments', 'Verificación de pagos'],
  ['/admin/operations/0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01/ledger', 'Libro mayor de escrow'],
];

/** A company at step 1 with none of its five documents uploaded. */
function pendingKycStatus(): KycStatusResponse {
  return {
    kycStatus: 'pending',
    kycRejectReason: null,
    onboarding: { currentStep: 1, status: 'in_progress' },
    documents: KYC_DOCUMENT_TYPE_LIST.map((documentType) => missingKycDocument(documentType)),
  };
}

function mockLandingApi() {
  return mockPublicPagesApi([buildOperation()]);
}

describe('route table', () => {
  it('shows the translated not-found page for an unknown path', async () => {
    renderApp('/esta-ruta-no-existe');
    expect(await screen.findByRole('heading', { level: 1, name: 'Página no encontrada' })).toBeInTheDocument();
    expect(screen.getByText('La página que buscas no existe o fue movida.')).toBeInTheDocument();
    expect(within(screen.getByRole('main')).getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute(
      'href',
      '/',
    );
    await waitFor(() => expect(document.title).toBe('Página no encontrada · TradeOps'));
  });

  // An admin passes every guard, so each screen itself shows.
  it.each(SCREENS)('answers %s with its page', async (path, heading) => {
    mockLandingApi();
    renderApp(path, createTestQueryClient(buildSessionUser({ isAdmin: true })));
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Página no encontrada')).not.toBeInTheDocument();
  });

  // Details need a session: a visitor sees the sign-in teaser.
  it.each(['/operation/featured', '/operation/0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01'])(
    'answers %s with the sign-in teaser for a visitor',
    async (path) => {
      mockLandingApi();
      renderApp(path);
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Detalles después de iniciar sesión' }),
      ).toBeInTheDocument();
    },
  );

  it("shows a visitor the deal's public facts above the sign-in prompt", async () => {
    const operation = buildOperation({ deadline: new Date(Date.now() + 10.5 * 86_400_000).toISOString() });
    mockApi({
      [`/api/operations/${operation.id}/summary`]: () => jsonResponse(operation),
    });
    renderApp(`/operation/${operation.id}`);
    expect(await screen.findByRole('heading', { level: 1, name: operation.title })).toBeInTheDocument();
    expect(screen.getByText('De Uruguay a Venezuela')).toBeInTheDocument();
    expect(screen.getByText('$4,300')).toBeInTheDocument();
    expect(screen.getByText(/^1[01] días$/)).toBeInTheDocument();
    expect(screen.getByText('15 t disponibles de 25 t')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Detalles después de iniciar sesión' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Iniciar sesión' })).toHaveAttribute(
      'href',
      `/login?redirectTo=${encodeURIComponent(`/operation/${operation.id}`)}`,
    );
  });

  it('shows the source landing at / with the stats and the newest operations', async () => {
    const fetchMock = mockLandingApi();
    renderApp('/');
    expect(
      await screen.findByRole('heading', { level: 1, name: /Importa y exporta en operaciones compartidas/ }),
    ).toBeInTheDocument();
    const hero = screen.getByRole('region', { name: /Importa y exporta/ });
    expect(within(hero).getByRole('link', { name: 'Iniciar Sesión' })).toHaveAttribute('href', '/login');
    expect(within(hero).getByRole('link', { name: 'Registrarse' })).toHaveAttribute('href', '/signup');
    expect(await screen.findByRole('heading', { level: 3, name: buildOperation().title })).toBeInTheDocument();
    expect(screen.getByText('Operaciones activas')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Ver todas' })).toHaveAttribute('href', '/operations');
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/operations?status=all&limit=3');
  });

  it('sends / to the supply landing when supply mode was saved, whose button switches back to source mode', async () => {
    mockLandingApi();
    window.localStorage.setItem(
      USER_MODE_STORAGE_KEY,
      JSON.stringify({ state: { mode: 'supply', hasChosenMode: true }, version: 0 }),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Vende en TradeOps' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/supply-landing');

    await userEvent.click(screen.getByRole('button', { name: 'Cambiar a Modo Compra' }));

    expect(await screen.findByRole('heading', { level: 1, name: /Importa y exporta/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/source-landing');
    expect(JSON.parse(window.localStorage.getItem(USER_MODE_STORAGE_KEY) ?? '')).toEqual({
      state: { mode: 'source', hasChosenMode: true },
      version: 0,
    });
  });

  it('sends / to the source landing when source mode was saved', async () => {
    mockLandingApi();
    window.localStorage.setItem(
      USER_MODE_STORAGE_KEY,
      JSON.stringify({ state: { mode: 'source', hasChosenMode: true }, version: 0 }),
    );
    const { router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: /Importa y exporta/ })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/source-landing');
  });

  it('shows the error screen when a page crashes', async () => {
    // React and the router report the crash on console.error; here that is the expected outcome.
    const reported: unknown[] = [];
    vi.mocked(console.error).mockImplementation((...args: unknown[]) => reported.push(args));
    function Crash(): never {
      throw new Error('boom');
    }
    const root = routes[0];
    if (!root || root.index) throw new Error('the first route is the root layout');
    const router = createMemoryRouter([{ ...root, children: [{ index: true, Component: Crash }] }]);
    render(
      <AppProviders queryClient={createTestQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('Algo salió mal al mostrar esta página. Intenta recargarla.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Recargar página' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al inicio' })).toHaveAttribute('href', '/');
    expect(reported.length).toBeGreaterThan(0);
  });

  describe('guards', () => {
    it('sends a visitor on a protected page to /login with the way back', async () => {
      const { router } = renderApp('/buyer/dashboard?tab=ops');
      expect(await screen.findByRole('heading', { level: 1, name: 'Inicia sesión' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/login');
      expect(router.state.location.search).toBe(`?redirectTo=${encodeURIComponent('/buyer/dashboard?tab=ops')}`);
    });

    it.each([
      ['pending', '/kyc-cuenta', 'Estado de verificación'],
      ['rejected', '/kyc-cuenta/reintentar', 'Verificación rechazada'],
    ] as const)('sends a %s user from the KYC gate to %s', async (kycStatus, target, heading) => {
      mockApi({ '/api/kyc': () => jsonResponse({ ...pendingKycStatus(), kycStatus }) });
      const { router } = renderApp('/buyer/dashboard', createTestQueryClient(buildSessionUser({ kycStatus })));
      expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe(target);
    });

    it('lets staff through the KYC gate', async () => {
      renderApp('/buyer/dashboard', createTestQueryClient(buildSessionUser({ kycStatus: 'pending', isStaff: true })));
      expect(await screen.findByRole('heading', { level: 1, name: 'Panel del comprador' })).toBeInTheDocument();
    });

    it('sends a buyer from seller pages to /mode-select', async () => {
      const { router } = renderApp('/seller/dashboard', createTestQueryClient(buildSessionUser()));
      expect(
        await screen.findByRole('heading', { level: 1, name: '¿Cómo quieres usar TradeOps?' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/mode-select');
    });

    it('sends an admin who must enrol in two-step verification from admin pages to the enrolment at the admin door', async () => {
      const { router } = renderApp(
        '/admin/kyc',
        createTestQueryClient(buildSessionUser({ role: null, twoFactorEnrolmentRequired: true })),
      );
      expect(
        await screen.findByRole('heading', { level: 1, name: 'Activa la verificación en dos pasos' }),
      ).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/admin_ilumia/login');
      expect(screen.getByRole('button', { name: 'Activar verificación en dos pasos' })).toBeInTheDocument();
    });

    it('tells an unconfirmed account on /onboarding why its documents cannot go to review, and offers a new link', async () => {
      mockApi({ '/api/kyc': () => jsonResponse(pendingKycStatus()) });
      renderApp('/onboarding', createTestQueryClient(buildSessionUser({ kycStatus: 'pending', emailVerified: false })));
      const notice = await screen.findByTestId('email-verification-notice');
      expect(within(notice).getByRole('heading', { name: 'Confirma tu correo electrónico' })).toBeInTheDocument();
      expect(within(notice).getByText(/Te enviamos un enlace a comprador@tradeops\.demo/)).toBeInTheDocument();
      expect(within(notice).getByRole('button', { name: 'Reenviar el correo' })).toBeEnabled();
      expect(await screen.findByRole('button', { name: 'Enviar a revisión' })).toBeDisabled();
    });

    it('sends a non-admin from admin pages to /', async () => {
      mockLandingApi();
      const { router } = renderApp('/admin/kyc', createTestQueryClient(buildSessionUser({ role: 'seller' })));
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    });
  });
});
