import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '../i18n/languages';
import {
  DEFAULT_DESCRIPTION_KEY,
  OG_LOCALE_BY_LANGUAGE,
  PREVIEW_IMAGE_SIZE,
  type PublicPage,
  formatDocumentTitle,
  localizedPath,
} from './pages';

/**
 * The one head system (issue 24 item 3): what a page's head says is decided here, from its route's
 * texts or its data, and turned into tags here. The server writes these tags into the page it
 * sends (apps/server/src/modules/seo/page-head.ts); the browser writes the same tags after every
 * navigation (apps/web/src/lib/page-head.tsx). Each side only supplies its translator and data.
 */

/** A catalog lookup in the page's language (the server's `translate`, the browser's i18next `t`). */
export type HeadTranslate = (key: string, values?: Record<string, string | number>) => string;

export interface PageImage {
  /** A path on this site (`/og/operation/<id>.png`); the head makes it absolute from the public URL. */
  path: string;
  alt: string;
  width?: number;
  height?: number;
}

/** What the head of one page says about it, in one language. */
export interface PageMeta {
  status: 200 | 404;
  lang: Language;
  /** The browser tab's title ("Nosotros · TradeOps"). */
  documentTitle: string;
  /** The title a shared link shows (Open Graph, Twitter). */
  shareTitle: string;
  description: string;
  /** The page's path without its language, for the canonical and alternate links; null: not to be indexed. */
  indexedPath: string | null;
  type: 'website' | 'article';
  image: PageImage;
  publishedTime?: string;
  /** The site's name in the page's language (Open Graph's site_name). */
  siteName: string;
}

/** An operation's figures as its page's head shows them, already formatted in the page's language. */
export interface OperationHeadFacts {
  id: string;
  title: string;
  origin: string;
  destination: string;
  availableTons: number;
  totalTons: number;
  /** The price per ton, formatted ("USD 2.450"). */
  price: string;
  /** "Cierra en 12 días." (the `seo.deadline` texts). */
  deadline: string;
}

/** A published article as its page's head shows it, in the page's language. */
export interface ArticleHeadFacts {
  slug: string;
  title: string;
  excerpt: string;
  /** ISO 8601. */
  publishedAt: string;
}

/** Trailing slashes dropped (`/about/` is `/about`), so one page has one canonical address. */
export function normalizePagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function siteImage(lang: Language, t: HeadTranslate): PageImage {
  return { path: localizedPath('/og/site.png', lang), alt: t('seo.preview.siteAlt'), ...PREVIEW_IMAGE_SIZE };
}

/** A public page of `PUBLIC_PAGES`: its own title and description. */
export function publicPageMeta(page: PublicPage, lang: Language, t: HeadTranslate): PageMeta {
  const title = t(page.titleKey);
  const siteName = t('common.appName');
  return {
    status: 200,
    lang,
    documentTitle: formatDocumentTitle(title, siteName),
    shareTitle: title,
    description: t(page.descriptionKey),
    indexedPath: page.path,
    type: 'website',
    image: siteImage(lang, t),
    siteName,
  };
}

/** An operation's page (`/operation/<id>`, or the featured one at its own address). */
export function operationPageMeta(facts: OperationHeadFacts, path: string, lang: Language, t: HeadTranslate): PageMeta {
  const siteName = t('common.appName');
  const place = { title: facts.title, origin: facts.origin, destination: facts.destination };
  const shareTitle = t('seo.operation.title', place);
  return {
    status: 200,
    lang,
    documentTitle: formatDocumentTitle(shareTitle, siteName),
    shareTitle,
    description: t('seo.operation.description', {
      available: facts.availableTons,
      total: facts.totalTons,
      price: facts.price,
      deadline: facts.deadline,
    }),
    indexedPath: path,
    type: 'website',
    image: {
      path: localizedPath(`/og/operation/${facts.id}.png`, lang),
      alt: t('seo.operation.imageAlt', { ...place, available: facts.availableTons, total: facts.totalTons }),
      ...PREVIEW_IMAGE_SIZE,
    },
    siteName,
  };
}

/** A blog article's page. Its image is a drawn PNG of declared size, not the WebP cover: LinkedIn shows no WebP preview. */
export function articlePageMeta(facts: ArticleHeadFacts, path: string, lang: Language, t: HeadTranslate): PageMeta {
  const siteName = t('common.appName');
  return {
    status: 200,
    lang,
    documentTitle: formatDocumentTitle(facts.title, siteName),
    shareTitle: facts.title,
    description: facts.excerpt,
    indexedPath: path,
    type: 'article',
    image: {
      path: localizedPath(`/og/blog/${encodeURIComponent(facts.slug)}.png`, lang),
      alt: facts.title,
      ...PREVIEW_IMAGE_SIZE,
    },
    publishedTime: facts.publishedAt,
    siteName,
  };
}

/** The not-found page's texts, answered with 404 (an unknown address, operation or article). */
export function notFoundMeta(lang: Language, t: HeadTranslate): PageMeta {
  const title = t('pages.notFound');
  const siteName = t('common.appName');
  return {
    status: 404,
    lang,
    documentTitle: formatDocumentTitle(title, siteName),
    shareTitle: title,
    description: t('pages.notFoundText'),
    indexedPath: null,
    type: 'website',
    image: siteImage(lang, t),
    siteName,
  };
}

/**
 * Any other page (accounts, dashboards): not indexed, the site's description. `titleKey`: the
 * route's own title, which the browser knows from its route table; the server, which sends those
 * pages as the app shell, writes the site's name alone.
 */
export function defaultPageMeta(lang: Language, t: HeadTranslate, titleKey?: string): PageMeta {
  const siteName = t('common.appName');
  return {
    status: 200,
    lang,
    documentTitle: formatDocumentTitle(titleKey ? t(titleKey) : null, siteName),
    shareTitle: siteName,
    description: t(DEFAULT_DESCRIPTION_KEY),
    indexedPath: null,
    type: 'website',
    image: siteImage(lang, t),
    siteName,
  };
}

/** One tag of a page's head. */
export type HeadTag =
  | { tag: 'title'; text: string }
  | { tag: 'meta'; attribute: 'name' | 'property'; key: string; content: string }
  | { tag: 'link'; rel: 'canonical' | 'alternate'; href: string; hreflang?: string };

/**
 * The WHATWG URL class, which Node and every browser have (this package's compiler settings name
 * neither's globals).
 */
declare const URL: new (url: string, base: string) => { href: string };

/** An absolute URL on the site: always from the public URL, never from a request's Host. */
function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).href;
}

/**
 * Selectors for every tag `pageHeadTags` writes but the title: what the browser's head manager
 * replaces on a client-side navigation (and what a check of the head compares).
 */
export const MANAGED_HEAD_TAG_SELECTORS = [
  'meta[name="description"]',
  'meta[name="robots"]',
  'meta[name^="twitter:"]',
  'meta[property^="og:"]',
  'meta[property^="article:"]',
  'link[rel="canonical"]',
  'link[rel="alternate"][hreflang]',
] as const;

/**
 * The tags a page's head carries, in order: title, description, canonical and hreflang alternates
 * (for an indexed page, else robots noindex), Open Graph and the Twitter card.
 */
export function pageHeadTags(page: PageMeta, publicUrl: string): HeadTag[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string | number): HeadTag => ({
    tag: 'meta',
    attribute,
    key,
    content: String(content),
  });
  const tags: HeadTag[] = [{ tag: 'title', text: page.documentTitle }, meta('name', 'description', page.description)];
  const canonical =
    page.indexedPath === null ? null : absoluteUrl(publicUrl, localizedPath(page.indexedPath, page.lang));
  if (page.indexedPath === null || canonical === null) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    tags.push({ tag: 'link', rel: 'canonical', href: canonical });
    for (const language of LANGUAGES) {
      const href = absoluteUrl(publicUrl, localizedPath(page.indexedPath, language));
      tags.push({ tag: 'link', rel: 'alternate', href, hreflang: language });
    }
    const href = absoluteUrl(publicUrl, localizedPath(page.indexedPath, DEFAULT_LANGUAGE));
    tags.push({ tag: 'link', rel: 'alternate', href, hreflang: 'x-default' });
  }
  const image = absoluteUrl(publicUrl, page.image.path);
  tags.push(
    meta('property', 'og:site_name', page.siteName),
    meta('property', 'og:type', page.type),
    meta('property', 'og:title', page.shareTitle),
    meta('property', 'og:description', page.description),
  );
  if (canonical) tags.push(meta('property', 'og:url', canonical));
  tags.push(meta('property', 'og:image', image));
  if (page.image.width && page.image.height) {
    tags.push(
      meta('property', 'og:image:type', 'image/png'),
      meta('property', 'og:image:width', page.image.width),
      meta('property', 'og:image:height', page.image.height),
    );
  }
  tags.push(
    meta('property', 'og:image:alt', page.image.alt),
    meta('property', 'og:locale', OG_LOCALE_BY_LANGUAGE[page.lang]),
  );
  for (const language of LANGUAGES) {
    if (language !== page.lang) tags.push(meta('property', 'og:locale:alternate', OG_LOCALE_BY_LANGUAGE[language]));
  }
  if (page.publishedTime) tags.push(meta('property', 'article:published_time', page.publishedTime));
  tags.push(
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', page.shareTitle),
    meta('name', 'twitter:description', page.description),
    meta('name', 'twitter:image', image),
    meta('name', 'twitter:image:alt', page.image.alt),
  );
  return tags;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}

/** The tags as HTML, every value escaped (the server's page template). */
export function headTagsToHtml(tags: readonly HeadTag[]): string {
  return tags
    .map((tag) => {
      if (tag.tag === 'title') return `<title>${escapeHtml(tag.text)}</title>`;
      if (tag.tag === 'meta') return `<meta ${tag.attribute}="${tag.key}" content="${escapeHtml(tag.content)}" />`;
      const lang = tag.hreflang ? ` hreflang="${tag.hreflang}"` : '';
      return `<link rel="${tag.rel}"${lang} href="${escapeHtml(tag.href)}" />`;
    })
    .join('\n    ');
}
