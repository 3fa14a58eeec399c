import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../i18n/languages';

/**
 * How a page's language shows in its address (docs/decisions/014): Spanish, the default, is the
 * bare path; English is the same path with `?lang=en`. The server writes its tags in the
 * language of the address and the web app switches to it.
 */
export const LANGUAGE_QUERY_PARAM = 'lang';

/** The language an address names (`?lang=en`), or null when it names none or an unknown one. */
export function parseLanguageParam(value: unknown): Language | null {
  if (typeof value !== 'string') return null;
  const language = value.trim().toLowerCase();
  return (LANGUAGES as readonly string[]).includes(language) ? (language as Language) : null;
}

/** A page's address in a language: `/about` in Spanish, `/about?lang=en` in English. */
export function localizedPath(path: string, language: Language): string {
  return language === DEFAULT_LANGUAGE ? path : `${path}?${LANGUAGE_QUERY_PARAM}=${language}`;
}

/** The browser tab's title: "Nosotros · TradeOps", or the application's name alone. */
export function formatDocumentTitle(pageTitle: string | null | undefined, appName: string): string {
  return pageTitle ? `${pageTitle} · ${appName}` : appName;
}

/** The locale Open Graph names for each language (language_TERRITORY; es_LA is Latin American Spanish). */
export const OG_LOCALE_BY_LANGUAGE: Record<Language, string> = { es: 'es_LA', en: 'en_US' };

/** The size of every generated preview image (Open Graph's recommended 1.91:1). */
export const PREVIEW_IMAGE_SIZE = { width: 1200, height: 630 } as const;

export interface PublicPage {
  path: string;
  /** Catalog keys: the page's title (the tab and the shared link) and its description. */
  titleKey: string;
  descriptionKey: string;
}

/**
 * The public pages whose addresses are listed in the sitemap and carry their own title and
 * description, for the server's tags and the web app's document title alike. Pages built from
 * data (an operation, an article) take their texts from it.
 */
export const PUBLIC_PAGES = [
  { path: '/', titleKey: 'seo.home.title', descriptionKey: 'seo.descriptions.home' },
  { path: '/source-landing', titleKey: 'pages.sourceLanding', descriptionKey: 'seo.descriptions.sourceLanding' },
  { path: '/supply-landing', titleKey: 'pages.supplyLanding', descriptionKey: 'seo.descriptions.supplyLanding' },
  { path: '/operations', titleKey: 'pages.operations', descriptionKey: 'seo.descriptions.operations' },
  {
    path: '/operation/featured',
    titleKey: 'pages.operationFeatured',
    descriptionKey: 'seo.descriptions.operationFeatured',
  },
  { path: '/about', titleKey: 'pages.about', descriptionKey: 'seo.descriptions.about' },
  { path: '/why-tradeops', titleKey: 'pages.whyTradeops', descriptionKey: 'seo.descriptions.whyTradeops' },
  { path: '/services', titleKey: 'pages.services', descriptionKey: 'seo.descriptions.services' },
  {
    path: '/services/due-diligence',
    titleKey: 'pages.dueDiligence',
    descriptionKey: 'seo.descriptions.dueDiligence',
  },
  { path: '/services/financing', titleKey: 'pages.financing', descriptionKey: 'seo.descriptions.financing' },
  { path: '/blog', titleKey: 'pages.blog', descriptionKey: 'seo.descriptions.blog' },
  { path: '/contact', titleKey: 'pages.contact', descriptionKey: 'seo.descriptions.contact' },
  { path: '/explore', titleKey: 'pages.explore', descriptionKey: 'seo.descriptions.explore' },
] as const satisfies readonly PublicPage[];

export type PublicPagePath = (typeof PUBLIC_PAGES)[number]['path'];

export function findPublicPage(path: string): (typeof PUBLIC_PAGES)[number] | undefined {
  return PUBLIC_PAGES.find((page) => page.path === path);
}

/** The description of any page that has no own one (account pages, unknown addresses). */
export const DEFAULT_DESCRIPTION_KEY = 'seo.descriptions.default';

/**
 * Paths no search engine should crawl (robots.txt): the API, the back office, the signed-in
 * areas and the steps of an order. `*` stands for any run of characters (Google's and Bing's syntax).
 */
export const CRAWL_DISALLOWED_PATHS = [
  '/api/',
  '/admin',
  '/buyer/',
  '/seller/',
  '/make-offer',
  '/onboarding',
  '/kyc-cuenta',
  '/mode-select',
  '/login',
  '/signup',
  '/forgot-password',
  '/reset-password',
  '/verify-email',
  '/confirmation-demo',
  '/operation/*/order',
  '/operation/*/participate',
  '/operation/*/waiting',
] as const;
