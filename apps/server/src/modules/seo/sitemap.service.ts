import { Readable } from 'node:stream';
import { CRAWL_DISALLOWED_PATHS, DEFAULT_LANGUAGE, LANGUAGES, PUBLIC_PAGES, localizedPath } from '@tradeops/shared';
import { type SitemapItemLoose, SitemapStream, streamToPromise } from 'sitemap';
import { type Queryable } from '../../db/client';
import { listSitemapArticles, listSitemapOperations } from './seo.repo';

/** One entry per language version, each naming all of them (Google's hreflang-in-sitemap form). */
function entriesOf(path: string, lastmod: Date): SitemapItemLoose[] {
  const links = [
    ...LANGUAGES.map((lang) => ({ lang, url: localizedPath(path, lang) })),
    { lang: 'x-default', url: localizedPath(path, DEFAULT_LANGUAGE) },
  ];
  return LANGUAGES.map((lang) => ({ url: localizedPath(path, lang), lastmod: lastmod.toISOString(), links }));
}

/**
 * sitemap.xml: the public pages (last changed with the web build), the approved operations still
 * worth a visit and the published articles, each in Spanish and English, absolute from PUBLIC_URL.
 */
export async function buildSitemap(db: Queryable, publicUrl: string, pagesModifiedAt: Date): Promise<string> {
  const [operations, articles] = await Promise.all([listSitemapOperations(db), listSitemapArticles(db)]);
  const entries = [
    ...PUBLIC_PAGES.flatMap((page) => entriesOf(page.path, pagesModifiedAt)),
    ...operations.flatMap((operation) => entriesOf(`/operation/${operation.id}`, operation.updatedAt)),
    ...articles.flatMap((article) => entriesOf(`/blog/${article.slug}`, article.updatedAt)),
  ];
  const stream = new SitemapStream({
    hostname: `${publicUrl}/`,
    xmlns: { news: false, xhtml: true, image: false, video: false },
  });
  const xml = await streamToPromise(Readable.from(entries).pipe(stream));
  return xml.toString('utf8');
}

/** robots.txt: everything public may be crawled, the API and the private areas not; the sitemap's address. */
export function buildRobotsTxt(publicUrl: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...CRAWL_DISALLOWED_PATHS.map((path) => `Disallow: ${path}`),
    '',
    `Sitemap: ${publicUrl}/sitemap.xml`,
    '',
  ].join('\n');
}
