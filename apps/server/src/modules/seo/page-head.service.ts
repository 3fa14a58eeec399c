import { DEFAULT_LANGUAGE, type PageMeta, cookieLanguage, parseLanguageParam } from '@tradeops/shared';
import { type FastifyBaseLogger, type FastifyRequest } from 'fastify';
import { type Queryable } from '../../db/client';
import { type PageHead } from '../../plugins/web-app';
import { renderPageHead } from './page-head';
import { defaultPageMeta, notFoundMeta, resolvePageMeta } from './page-meta.service';

/**
 * The page's language: the one its address names (`?lang=en`, docs/decisions/014), else the
 * visitor's saved choice (the language cookie), else Spanish.
 */
function pageLanguage(request: FastifyRequest) {
  const query = request.query as Record<string, unknown> | undefined;
  const value = query?.lang;
  return (
    parseLanguageParam(Array.isArray(value) ? value[0] : value) ??
    cookieLanguage(request.headers.cookie) ??
    DEFAULT_LANGUAGE
  );
}

/**
 * The head of the page a request asks for. The page must load even when its data cannot be
 * read (the database is down): then it goes out with the site's texts, logged. `notFound`: the
 * web app's route table knows no such page (its renderer said so), so the not-found head, 404.
 */
export async function renderPageHeadFor(
  db: Queryable,
  publicUrl: string,
  request: FastifyRequest,
  log: FastifyBaseLogger,
  notFound = false,
): Promise<PageHead> {
  const path = request.url.split('?')[0] ?? '/';
  const lang = pageLanguage(request);
  if (notFound) return headOf(notFoundMeta(lang), publicUrl);
  let meta: PageMeta;
  try {
    meta = await resolvePageMeta(db, { path, lang, now: new Date() });
  } catch (error) {
    log.warn({ err: error }, 'page head data unavailable: the site texts go out');
    meta = defaultPageMeta(lang);
  }
  return headOf(meta, publicUrl);
}

function headOf(meta: PageMeta, publicUrl: string): PageHead {
  return { status: meta.status, head: renderPageHead(meta, publicUrl), lang: meta.lang };
}
