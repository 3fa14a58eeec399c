import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation, useNavigation } from 'react-router';
import { Container } from '../../components/ui/container';
import { Skeleton } from '../../components/ui/skeleton';
import {
  type HeadTranslate,
  type Language,
  type PageMeta,
  LANGUAGE_QUERY_PARAM,
  defaultPageMeta,
  findPublicPage,
  normalizePagePath,
  notFoundMeta,
  pageHeadTags,
  parseLanguageParam,
  publicPageMeta,
} from '@tradeops/shared';
import { currentLanguage, setLanguage } from '../../lib/i18n';
import { applyHeadTags, PageHeadProvider } from '../../lib/page-head';
import { useRouteHead } from '../route-handle';
import { Footer } from './footer';
import { Navbar } from './navbar';

export const MAIN_CONTENT_ID = 'main-content';

/** Every page: skip link, fixed navbar, the page below it, footer. */
export function RootLayout() {
  const [pageHead, setPageHead] = useState<PageMeta | null>(null);
  useLanguageFromAddress();
  useDocumentHead(pageHead);
  useFocusMainOnNavigation();
  return (
    <PageHeadProvider value={setPageHead}>
      <AppShell>
        <Outlet />
        <ScrollRestoration />
      </AppShell>
    </PageHeadProvider>
  );
}

/** Shown while the first page's code loads (deep link to a lazy route): the chrome is there at once. */
export function RootHydrateFallback() {
  return (
    <AppShell>
      <PageLoading />
    </AppShell>
  );
}

/** Tailwind's xl breakpoint, where the navbar shows its links and the phone menu disappears. */
const DESKTOP_NAV_QUERY = '(min-width: 80rem)';

function AppShell({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const [isMenuOpen, setIsMenuOpen] = useState(false);
  const [menuPath, setMenuPath] = useState(location.pathname);

  // Navigating closes the phone menu (state adjusted while rendering rather than in an effect).
  if (menuPath !== location.pathname) {
    setMenuPath(location.pathname);
    if (isMenuOpen) setIsMenuOpen(false);
  }

  // The phone menu does not exist on wide screens: widening the window closes it, or the page would stay inert.
  useEffect(() => {
    if (!isMenuOpen || typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(DESKTOP_NAV_QUERY);
    const close = () => {
      if (query.matches) setIsMenuOpen(false);
    };
    close();
    query.addEventListener('change', close);
    return () => query.removeEventListener('change', close);
  }, [isMenuOpen]);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className="sr-only z-50 rounded-lg bg-brand-900 px-4 py-2 text-sm font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('common.skipToContent')}
      </a>
      <NavigationProgress />
      <Navbar isMenuOpen={isMenuOpen} onMenuOpenChange={setIsMenuOpen} />
      {/* While the phone menu covers the screen, the page behind it is out of reach, as behind a dialog. */}
      <div className="flex flex-1 flex-col" inert={isMenuOpen} aria-hidden={isMenuOpen || undefined}>
        {/* pt-16 keeps the page clear of the fixed 4 rem navbar. */}
        <main id={MAIN_CONTENT_ID} tabIndex={-1} className="flex flex-1 flex-col pt-16 outline-none">
          {children}
        </main>
        <Footer />
      </div>
    </div>
  );
}

export function PageLoading() {
  const { t } = useTranslation();
  return (
    // At least a screen tall, so the footer does not show and then jump down when the page arrives.
    <div aria-busy="true" className="min-h-dvh border-b border-slate-200 bg-white">
      <Container className="py-12 sm:py-16">
        <p role="status" className="sr-only">
          {t('common.loadingPage')}
        </p>
        <Skeleton className="h-10 w-2/3 max-w-md" />
        <Skeleton className="mt-4 h-5 w-full max-w-xl" />
        <Skeleton className="mt-2 h-5 w-5/6 max-w-lg" />
      </Container>
    </div>
  );
}

/** A thin bar at the top while the next page's code or data is on its way. */
function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === 'idle') return null;
  return (
    <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-accent-100">
      <div className="h-full w-2/5 animate-progress bg-accent-600" />
    </div>
  );
}

/**
 * The page's head, in the UI language: the page's own (made from its data: an operation, an
 * article) or its route's, with the shared head system the server writes the page's head with
 * (packages/shared/src/seo/page-head.ts), so after a navigation the head is the one a fresh
 * server render of that address has. The public address is this page's origin (PUBLIC_URL on
 * the server: the site is served from it).
 */
function useDocumentHead(pageHead: PageMeta | null) {
  const { t, i18n } = useTranslation();
  const { key, pathname } = useLocation();
  const { titleKey, hasDataHead, status } = useRouteHead();
  const language = (i18n.resolvedLanguage ?? i18n.language) as Language;
  const translate = t as unknown as HeadTranslate;
  const publicPage = findPublicPage(normalizePagePath(pathname));
  const meta =
    pageHead ??
    (status === 404
      ? notFoundMeta(language, translate)
      : publicPage
        ? publicPageMeta(publicPage, language, translate)
        : defaultPageMeta(language, translate, titleKey));
  // The first page ('default' entry) of a data page came with the server's head, made from that data.
  const keepsServerHead = !pageHead && hasDataHead === true && key === 'default';
  // Its JSON is what changes, not the object's identity; the tags are made in the browser only.
  const head = keepsServerHead ? null : JSON.stringify(meta);
  useEffect(() => {
    if (head !== null) applyHeadTags(pageHeadTags(JSON.parse(head) as PageMeta, window.location.origin));
  }, [head]);
}

/** An address that names a language (`?lang=en`, docs/decisions/014) shows the page in it, and saves it as the visitor's. */
function useLanguageFromAddress() {
  const { search } = useLocation();
  useEffect(() => {
    const language = parseLanguageParam(new URLSearchParams(search).get(LANGUAGE_QUERY_PARAM));
    if (language && language !== currentLanguage()) {
      setLanguage(language).catch((error: unknown) => console.warn(`[i18n] could not switch to ${language}`, error));
    }
  }, [search]);
}

/**
 * After a client-side navigation, move focus to the page content (as a full
 * page load would), so keyboard and screen-reader users start at the new page
 * instead of on the link they left. Links to an anchor keep their own target.
 */
function useFocusMainOnNavigation() {
  const location = useLocation();
  const previousPath = useRef(location.pathname);
  useEffect(() => {
    if (previousPath.current === location.pathname) return;
    previousPath.current = location.pathname;
    if (location.hash) return;
    document.getElementById(MAIN_CONTENT_ID)?.focus({ preventScroll: true });
  }, [location.pathname, location.hash]);
}
