import {
  type HeadTranslate,
  type Language,
  type PageMeta,
  articlePageMeta,
  defaultPageMeta as sharedDefaultPageMeta,
  findPublicPage,
  normalizePagePath,
  notFoundMeta as sharedNotFoundMeta,
  operationPageMeta,
  publicPageMeta,
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

/** The path and the language of a page request (`/about/?lang=en` → `/about`, en). */
export interface PageRequest {
  path: string;
  lang: Language;
  now: Date;
}

/** The server's catalog lookup in one language, as the shared head system asks for it. */
function translator(lang: Language): HeadTranslate {
  return (key, values) => translate(lang, key, values);
}

function operationMeta(row: PreviewOperationRow, page: PageRequest, path: string): PageMeta {
  const { lang } = page;
  const summary = summarizeOperation(row, lang, page.now);
  return operationPageMeta(
    { ...summary, deadline: describeDeadline(lang, summary.daysLeft, 'seo.deadline') },
    path,
    lang,
    translator(lang),
  );
}

/** The not-found page's texts, answered with 404 (an unknown operation or article). */
export function notFoundMeta(lang: Language): PageMeta {
  return sharedNotFoundMeta(lang, translator(lang));
}

/** Any other page of the app (accounts, dashboards, unknown addresses): the site's texts, not indexed. */
export function defaultPageMeta(lang: Language): PageMeta {
  return sharedDefaultPageMeta(lang, translator(lang));
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
  if (page) return publicPageMeta(page, lang, translator(lang));

  const operationId = OPERATION_PATH.exec(path)?.[1];
  if (operationId !== undefined) {
    const row = await findPublicOperationForPreview(db, decodePathSegment(operationId));
    return row ? operationMeta(row, request, path) : notFoundMeta(lang);
  }

  const slug = ARTICLE_PATH.exec(path)?.[1];
  if (slug !== undefined) {
    const article = await findPublishedArticle(db, decodePathSegment(slug));
    if (!article) return notFoundMeta(lang);
    return articlePageMeta(
      {
        slug: article.slug,
        title: lang === 'en' ? article.titleEn : article.titleEs,
        excerpt: lang === 'en' ? article.excerptEn : article.excerptEs,
        publishedAt: (article.publishedAt ?? article.createdAt).toISOString(),
      },
      path,
      lang,
      translator(lang),
    );
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
