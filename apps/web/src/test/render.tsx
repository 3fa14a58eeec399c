import { type QueryClient } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { type ReactElement } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/provider';
import { provideRouteData } from '../app/route-data';
import { routes } from '../app/router';
import { createQueryClient } from '../lib/query-client';
import { type SessionUser, setSessionUser } from '../lib/session';
import type { OperationListItem, PlatformStats } from '@tradeops/shared';
import { vi } from 'vitest';
import { i18n } from '../lib/i18n';

/** A query client for tests: no retries (a failure shows at once), nothing kept between tests. The session is a visitor's unless given. */
export function createTestQueryClient(sessionUser: SessionUser | null = null): QueryClient {
  const queryClient = createQueryClient({ queries: { retry: false, gcTime: Infinity, staleTime: 0 } });
  setSessionUser(queryClient, sessionUser);
  return queryClient;
}

/** A signed-in user for the session cache (defaults: an approved buyer). */
export function buildSessionUser(overrides: Partial<SessionUser> = {}): SessionUser {
  return {
    id: 'user-1',
    email: 'comprador@tradeops.demo',
    fullName: 'Carlos Rivas',
    role: 'buyer',
    isAdmin: false,
    isStaff: false,
    kycStatus: 'approved',
    kycRejectReason: null,
    language: 'es',
    emailVerified: true,
    twoFactorEnabled: false,
    twoFactorEnrolmentRequired: false,
    ...overrides,
  };
}

/** Renders an element inside the app's providers and a memory router at `path`. */
export function renderWithProviders(
  element: ReactElement,
  { path = '/', queryClient = createTestQueryClient() }: { path?: string; queryClient?: QueryClient } = {},
): RenderResult & { queryClient: QueryClient } {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, queryClient };
}

/** Renders the whole app (the real route table) at `path`. */
export function renderApp(path: string, queryClient: QueryClient = createTestQueryClient()) {
  // The route table's loaders start their queries in this test's client, as main.tsx has them do in the browser.
  provideRouteData(() => ({ queryClient, language: i18n.language, awaitData: false }));
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const result = render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...result, router, queryClient };
}

/** An operation shaped like the seeded featured deal: 25 t of milk powder, Uruguay → Venezuela, 15 t left. */
export function buildOperation(overrides: Partial<OperationListItem> = {}): OperationListItem {
  return {
    id: '0b9f5a8e-4c1d-4f7a-9a51-2f6d8c3e1a01',
    productName: 'Milk Powder',
    productCategory: 'dairy',
    originCountry: 'UY',
    minVolume: 5,
    priceUsd: 4300,
    status: 'active',
    title: 'Leche en polvo entera — Uruguay a Venezuela',
    destinationCountry: 'VE',
    totalTons: 25,
    availableTons: 15,
    deadline: '2025-03-03T12:00:00.000Z',
    imageUrl: null,
    type: 'import',
    createdAt: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
}

export const seededStats: PlatformStats = {
  activeOperations: 19,
  countries: 4,
  monthlyVolumeUsd: 1_000_000,
  partners: 19,
};

type Route = (url: URL, init: RequestInit | undefined) => Response | Promise<Response>;

export function jsonResponse(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A paged list's answer (`{ items, nextCursor, total }`): one page holding every row, unless told otherwise. */
export function pageResponse(
  items: unknown[],
  {
    nextCursor = null,
    total = items.length,
    ...extra
  }: { nextCursor?: string | null; total?: number } & Record<string, unknown> = {},
): Response {
  return jsonResponse({ items, nextCursor, total, ...extra });
}

/**
 * Replaces `fetch` with a router of API paths → answers. An unknown path
 * answers 404 like the server would, so a test sees what it forgot to mock.
 */
export function mockApi(routes: Record<string, Route>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://localhost',
    );
    const route = routes[url.pathname];
    if (!route)
      return jsonResponse({ error: { code: 'ROUTE_NOT_FOUND', message: 'Esta ruta de la API no existe.' } }, 404);
    return route(url, init);
  });
  vi.stubGlobal('fetch', fetchMock);
  vi.stubGlobal('XMLHttpRequest', xhrThrough(fetchMock));
  return fetchMock;
}

/**
 * The public pages' API (the platform's figures and the catalogue, with `operations` listed), beside
 * `extra` routes: what the landing and the content pages ask for under every layout.
 */
export function mockPublicPagesApi(operations: OperationListItem[] = [], extra: Record<string, Route> = {}) {
  return mockApi({
    '/api/stats': () => jsonResponse(seededStats),
    '/api/operations': () => jsonResponse({ data: operations, count: operations.length }),
    ...extra,
  });
}

/**
 * Mocks an admin queue and one decision on a row of it: the list at `listPath` answers `before` until
 * a decision is posted to `decisionPath`, then `after` (the row as it changed, or gone from the queue);
 * the decision answers `answer()`. Returns the bodies posted to the decision, in order.
 */
export function mockQueueDecision(options: {
  listPath: string;
  before: unknown[];
  after: unknown[];
  decisionPath: string;
  answer: () => Response;
}): unknown[] {
  const posted: unknown[] = [];
  mockApi({
    [options.listPath]: () => pageResponse(posted.length === 0 ? options.before : options.after),
    [options.decisionPath]: (_url, init) => {
      posted.push(JSON.parse(String(init?.body)));
      return options.answer();
    },
  });
  return posted;
}

/**
 * An XMLHttpRequest (what uploads with progress use) answered by the same routes as
 * `fetch`: the request is one more call of the fetch mock, and the upload reports
 * half-way, then done, before the answer arrives.
 */
function xhrThrough(fetchMock: (input: string, init?: RequestInit) => Promise<Response>) {
  return class {
    status = 0;
    responseText = '';
    withCredentials = false;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name] = value;
    }

    send(body: XMLHttpRequestBodyInit | null) {
      const progress = (loaded: number) =>
        this.upload.onprogress?.({ lengthComputable: true, loaded, total: 2 } as ProgressEvent);
      void (async () => {
        progress(1);
        progress(2);
        const response = await fetchMock(this.url, { method: this.method, body, headers: this.headers });
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.();
      })().catch(() => this.onerror?.());
    }
  };
}

/** The API's refusal as the server writes it (`{ error: { code, message } }`), 409 unless told otherwise. */
export function errorResponse(code: string, message: string, status = 409): Response {
  return jsonResponse({ error: { code, message } }, status);
}
