import { CATALOG_NAMESPACES, type CatalogNamespace, PUBLIC_PAGES, type PublicPagePath } from '@tradeops/shared';
import { useMatches } from 'react-router';
import type { TranslationKey } from '../lib/i18n';

/** What a route tells the layout about itself: the catalog keys of its page title and description. */
export interface RouteHandle {
  titleKey?: TranslationKey;
  descriptionKey?: TranslationKey;
  /**
   * The page's head comes from its data (an operation, an article): on the page the server sent,
   * its head already says it, so the route's generic texts do not replace it until the data does.
   */
  hasDataHead?: boolean;
  /** A public page the server renders to HTML with its data (entry-server.tsx); the others arrive as the app shell. */
  serverRendered?: boolean;
  /** The HTTP status the server answers the page with (the not-found page: 404); 200 without one. */
  status?: 404;
  /**
   * The catalog namespaces the route renders beyond the public chrome (packages/shared/src/i18n/
   * namespaces.ts), loaded with its code before it renders; every namespace when it names none.
   */
  namespaces?: readonly CatalogNamespace[];
}

/** A public content page's texts: its own sections, and the messages of its forms and failed requests. */
export const CONTENT_NAMESPACES: readonly CatalogNamespace[] = ['site', 'errors'];
/** A deal's public page, which shows a signed-in visitor their part in it too: everything but the administration's. */
export const DEAL_PAGE_NAMESPACES: readonly CatalogNamespace[] = ['site', 'errors', 'account', 'deals'];

/** The namespaces a route renders (its handle's, else all of them). */
export function routeNamespaces(handle: unknown): readonly CatalogNamespace[] {
  return (handle as RouteHandle | undefined)?.namespaces ?? CATALOG_NAMESPACES;
}

/** A public page's handle: its texts from the shared table the server's page heads use too. */
export function publicPageHandle(
  path: PublicPagePath,
  namespaces: readonly CatalogNamespace[] = CONTENT_NAMESPACES,
): RouteHandle {
  const page = PUBLIC_PAGES.find((candidate) => candidate.path === path)!;
  return { titleKey: page.titleKey, descriptionKey: page.descriptionKey, serverRendered: true, namespaces };
}

/** The title and description keys (data flag, status) of the deepest matched routes that declare them. */
export function useRouteHead(): RouteHandle {
  const matches = useMatches();
  const head: RouteHandle = {};
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]?.handle as RouteHandle | undefined;
    head.titleKey ??= handle?.titleKey;
    head.descriptionKey ??= handle?.descriptionKey;
    head.hasDataHead ??= handle?.hasDataHead;
    head.status ??= handle?.status;
  }
  return head;
}
