import {
  DEFAULT_DESCRIPTION_KEY,
  type Language,
  PREVIEW_IMAGE_SIZE,
  findPublicPage,
  formatDocumentTitle,
  localizedPath,
} from '@tradeops/shared';
import { type Queryable } from '../../db/client';
import { translate } from '../../plugins/i18n';
import { describeDeadline, summarizeOperation } from './operation-summary';
import {
  type PreviewOperationRow,
  findFeaturedOperationForPreview,
  findPublicOperationForPreview,
  findPublishedArticle,
} from './seo.repo';

export interface PageImage {
  /** A path on this site (`/og/operation/<id>.png`); the head makes it absolute from PUBLIC_URL. */
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
}

/** The path and the language of a page request (`/about/?lang=en` → `/about`, en). */
export interface PageRequest {
  path: string;
  lang: Language;
  now: Date;
}

/** Trailing slashes dropped (`/about/` is `/about`), so one page has one canonical address. */
export function normalizePagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed === '' ? '/' : trimmed;
}

function appName(lang: Language): string {
  return translate(lang, 'common.appName');
}

function siteImage(lang: Language): PageImage {
  return {
    path: localizedPath('/og/site.png', lang),
    alt: translate(lang, 'seo.preview.siteAlt'),
    ...PREVIEW_IMAGE_SIZE,
  };
}

function operationMeta(row: PreviewOperationRow, page: PageRequest, path: string): PageMeta {
  const { lang } = page;
  const summary = summarizeOperation(row, lang, page.now);
  const shareTitle = translate(lang, 'seo.operation.title', {
    title: summary.title,
    origin: summary.origin,
    destination: summary.destination,
  });
  return {
    status: 200,
    lang,
    documentTitle: formatDocumentTitle(shareTitle, appName(lang)),
    shareTitle,
    description: translate(lang, 'seo.operation.description', {
      available: summary.availableTons,
      total: summary.totalTons,
      price: summary.price,
      deadline: describeDeadline(lang, summary.daysLeft, 'seo.deadline'),
    }),
    indexedPath: path,
    type: 'website',
    image: {
      path: localizedPath(`/og/operation/${row.id}.png`, lang),
      alt: translate(lang, 'seo.operation.imageAlt', {
        title: summary.title,
        origin: summary.origin,
        destination: summary.destination,
        available: summary.availableTons,
        total: summary.totalTons,
      }),
      ...PREVIEW_IMAGE_SIZE,
    },
  };
}

/** The not-found page's texts, answered with 404 (an unknown operation or article). */
export function notFoundMeta(lang: Language): PageMeta {
  const title = translate(lang, 'pages.notFound');
  return {
    status: 404,
    lang,
    documentTitle: formatDocumentTitle(title, appName(lang)),
    shareTitle: title,
    description: translate(lang, 'pages.notFoundText'),
    indexedPath: null,
    type: 'website',
    image: siteImage(lang),
  };
}

/** Any other page of the app (accounts, dashboards, unknown addresses): the site's texts, not indexed. */
export function defaultPageMeta(lang: Language): PageMeta {
  return {
    status: 200,
    lang,
    documentTitle: appName(lang),
    shareTitle: appName(lang),
    description: translate(lang, DEFAULT_DESCRIPTION_KEY),
    indexedPath: null,
    type: 'website',
    image: siteImage(lang),
  };
}

const OPERATION_PATH = /^\/operation\/([^/]+)$/;
const ARTICLE_PATH = /^\/blog\/([^/]+)$/;

/**
 * The head of a page of the web app: the public pages' own texts (`PUBLIC_PAGES`), an
 * operation's or an article's real data, the not-found texts (404) for an unknown one, and the
 * site's texts, not indexed, for the rest.
 */
export async function resolvePageMeta(db: Queryable, request: PageRequest): Promise<PageMeta> {
  const { lang } = request;
  const path = normalizePagePath(request.path);

  if (path === '/operation/featured') {
    const featured = await findFeaturedOperationForPreview(db);
    if (featured) return operationMeta(featured, request, path);
  }
  const page = findPublicPage(path);
  if (page) {
    const pageTitle = translate(lang, page.titleKey);
    return {
      status: 200,
      lang,
      documentTitle: formatDocumentTitle(pageTitle, appName(lang)),
      shareTitle: pageTitle,
      description: translate(lang, page.descriptionKey),
      indexedPath: page.path,
      type: 'website',
      image: siteImage(lang),
    };
  }

  const operationId = OPERATION_PATH.exec(path)?.[1];
  if (operationId !== undefined) {
    const row = await findPublicOperationForPreview(db, decodePathSegment(operationId));
    return row ? operationMeta(row, request, path) : notFoundMeta(lang);
  }

  const slug = ARTICLE_PATH.exec(path)?.[1];
  if (slug !== undefined) {
    const article = await findPublishedArticle(db, decodePathSegment(slug));
    if (!article) return notFoundMeta(lang);
    const title = lang === 'en' ? article.titleEn : article.titleEs;
    return {
      status: 200,
      lang,
      documentTitle: formatDocumentTitle(title, appName(lang)),
      shareTitle: title,
      description: lang === 'en' ? article.excerptEn : article.excerptEs,
      indexedPath: path,
      type: 'article',
      // A drawn PNG of declared size, not the WebP cover: LinkedIn shows no WebP preview.
      image: {
        path: localizedPath(`/og/blog/${encodeURIComponent(article.slug)}.png`, lang),
        alt: title,
        ...PREVIEW_IMAGE_SIZE,
      },
      publishedTime: (article.publishedAt ?? article.createdAt).toISOString(),
    };
  }

  return defaultPageMeta(lang);
}

function decodePathSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
