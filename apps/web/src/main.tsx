// First: zod must never try eval under our CSP (see the file).
import './lib/zod-setup';
import { hydrate } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
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
      // The taps held since the page arrived are replayed once hydration has committed (React 19's
      // hydrateRoot returns before it has): from the first effect, not from here.
      markStarted();
      hydrateRoot(container!, <App queryClient={queryClient} router={router} onHydrated={replayEarlyInput} />, {
        onRecoverableError: reportRecoverableError,
      });
      return;
    }
  }
  // A client-rendered page (or one the server rendered for someone else): drawn from scratch.
  container!.replaceChildren();
  createRoot(container!).render(<App queryClient={queryClient} router={clientRouter ?? createAppRouter()} />);
  replayEarlyInput();
}

const early = window as { __tradeopsStarted?: boolean; __tradeopsReplayEarlyInput?: () => void };

/** The app has started: public/early-input.js, if it loads only now, holds nothing. */
function markStarted(): void {
  early.__tradeopsStarted = true;
}

/**
 * What was tapped or typed on the server's page before now (public/early-input.js), done again.
 * Still needed on React 19 (measured, docs/decisions/019): React replays events only once
 * hydrateRoot has attached its listeners, and a tap made before the app's script ran is lost
 * without this script.
 */
let replayed = false;
function replayEarlyInput(): void {
  markStarted();
  if (replayed) return;
  replayed = true;
  early.__tradeopsReplayEarlyInput?.();
}

/** Runs once the root's first render has committed (hydration done): its effect. */
function Hydrated({ onHydrated }: { onHydrated?: () => void }) {
  useEffect(() => onHydrated?.(), [onHydrated]);
  return null;
}

function App({
  queryClient,
  router,
  onHydrated,
}: {
  queryClient: ReturnType<typeof createQueryClient>;
  router: ReturnType<typeof createAppRouter>;
  onHydrated?: () => void;
}) {
  return (
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
      <Hydrated onHydrated={onHydrated} />
    </StrictMode>
  );
}

void start();
