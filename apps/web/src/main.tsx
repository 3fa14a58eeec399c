// First: zod must never try eval under our CSP (see the file).
import './lib/zod-setup';
import { hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppProviders } from './app/provider';
import { provideRouteData } from './app/route-data';
import { createAppRouter, homeLoader, loadMatchedRoutes } from './app/router';
import { readServerPageState, type ServerPageState } from './app/server-page';
import { reportRecoverableError } from './lib/hydration-errors';
import { currentLanguage, i18n, restoreLanguage } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const queryClient = createQueryClient();
// Route loaders start their page's queries in this client, in the language shown.
provideRouteData(() => ({ queryClient, language: i18n.language, awaitData: false }));

const serverPage = readServerPageState();
// The page's code starts loading while the language is restored: the matched routes' chunks for a
// server-rendered page, the router itself (which loads them) for the others.
const routesLoaded = serverPage ? loadMatchedRoutes(window.location.pathname) : Promise.resolve();
const clientRouter = serverPage ? null : createAppRouter();

/**
 * The server's HTML is taken over as it is when it is the page this visitor would see: in their
 * language, and not the home page their saved mode sends elsewhere (its loader runs in the browser).
 */
function canHydrate(page: ServerPageState | null): page is ServerPageState {
  if (page === null || page.language !== currentLanguage()) return false;
  return window.location.pathname !== '/' || homeLoader() === null;
}

async function start(): Promise<void> {
  await restoreLanguage().catch((error: unknown) => console.warn('[i18n] could not restore the saved language', error));
  if (canHydrate(serverPage)) {
    const loaded = await routesLoaded.then(
      () => true,
      (error: unknown) => (console.warn('[ssr] the page’s code did not load', error), false),
    );
    if (loaded) {
      // The server sends only answered queries (dehydrate's default): their data, dated when fetched.
      hydrate(queryClient, serverPage.queries);
      const router = createAppRouter(serverPage.router);
      hydrateRoot(container!, <App queryClient={queryClient} router={router} />, {
        onRecoverableError: reportRecoverableError,
      });
      replayEarlyInput();
      return;
    }
  }
  // A client-rendered page (or one the server rendered for someone else): drawn from scratch.
  container!.replaceChildren();
  createRoot(container!).render(<App queryClient={queryClient} router={clientRouter ?? createAppRouter()} />);
  replayEarlyInput();
}

/** What was tapped or typed on the server's page before now (public/early-input.js), done again. */
function replayEarlyInput(): void {
  const early = window as { __tradeopsStarted?: boolean; __tradeopsReplayEarlyInput?: () => void };
  early.__tradeopsStarted = true;
  early.__tradeopsReplayEarlyInput?.();
}

function App({
  queryClient,
  router,
}: {
  queryClient: ReturnType<typeof createQueryClient>;
  router: ReturnType<typeof createAppRouter>;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>
  );
}

void start();
