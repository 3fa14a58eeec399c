import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import { CRAWL_DISALLOWED_PATHS, DEFAULT_LANGUAGE, LANGUAGES, PUBLIC_PAGES, localizedPath } from '@tradeops/shared';
import { type Queryable } from '../../db/client';
import { listSitemapArticles, listSitemapOperations } from './seo.repo';

const gzip = promisify(gzipCallback);

/** The protocol's limit is 50,000 URLs per file; each page is listed once per language. */
export const SITEMAP_MAX_URLS_PER_FILE = 50_000;
/** Operations per file: 2 URLs each (es, en), 40,000 URLs, under the limit with room to spare. */
export const SITEMAP_OPERATIONS_PER_FILE = 20_000;
/** Where the files of the index are served (the index itself is /sitemap.xml). */
export const SITEMAP_FILES_PREFIX = '/sitemaps/';

/** One file, kept encoded and gzipped, ready to send. */
export interface SitemapFile {
  body: Buffer;
  gzip: Buffer;
  urls: number;
}

/** The sitemap index (/sitemap.xml) and the files it names, by file name (`pages.xml`, `operations-1.xml`…). */
export interface Sitemaps {
  index: SitemapFile;
  files: Map<string, SitemapFile>;
}

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (char) => XML_ESCAPES[char]!);

/** One <url> per language version, each naming all of them (Google's hreflang-in-sitemap form). */
function entriesOf(origin: string, path: string, lastmod: Date): string {
  const links = [
    ...LANGUAGES.map((lang) => [lang, localizedPath(path, lang)] as const),
    ['x-default', localizedPath(path, DEFAULT_LANGUAGE)] as const,
  ]
    .map(([lang, url]) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeXml(origin + url)}"/>`)
    .join('');
  const modified = lastmod.toISOString();
  return LANGUAGES.map(
    (lang) =>
      `<url><loc>${escapeXml(origin + localizedPath(path, lang))}</loc><lastmod>${modified}</lastmod>${links}</url>`,
  ).join('\n');
}

async function fileOf(xml: string, urls: number): Promise<SitemapFile> {
  const body = Buffer.from(xml);
  return { body, gzip: await gzip(body), urls };
}

function urlset(entries: string[]): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n' +
    entries.join('\n') +
    '\n</urlset>'
  );
}

/**
 * The sitemap, any size: an index (/sitemap.xml) naming `pages.xml` (the public pages, last changed
 * with the web build, and the published articles) and `operations-N.xml` files of at most
 * SITEMAP_OPERATIONS_PER_FILE approved operations still worth a visit, every one of them; each page
 * in Spanish and English, absolute from PUBLIC_URL. Built as text (a few ms per 10,000 URLs) and
 * gzipped off the main thread, once per change (routes keep it: seo.routes.ts).
 */
export async function buildSitemaps(
  db: Queryable,
  publicUrl: string,
  pagesModifiedAt: Date,
  operationsPerFile = SITEMAP_OPERATIONS_PER_FILE,
): Promise<Sitemaps> {
  const [operations, articles] = await Promise.all([listSitemapOperations(db), listSitemapArticles(db)]);
  const files = new Map<string, SitemapFile>();
  const lastmods = new Map<string, Date>();
  const pageEntries = [
    ...PUBLIC_PAGES.map((page) => entriesOf(publicUrl, page.path, pagesModifiedAt)),
    ...articles.map((article) => entriesOf(publicUrl, `/blog/${article.slug}`, article.updatedAt)),
  ];
  files.set('pages.xml', await fileOf(urlset(pageEntries), pageEntries.length * LANGUAGES.length));
  lastmods.set(
    'pages.xml',
    articles.reduce((latest, article) => (article.updatedAt > latest ? article.updatedAt : latest), pagesModifiedAt),
  );
  for (let start = 0, number = 1; start < operations.length; start += operationsPerFile, number += 1) {
    const chunk = operations.slice(start, start + operationsPerFile);
    const name = `operations-${number}.xml`;
    files.set(
      name,
      await fileOf(
        urlset(chunk.map((operation) => entriesOf(publicUrl, `/operation/${operation.id}`, operation.updatedAt))),
        chunk.length * LANGUAGES.length,
      ),
    );
    lastmods.set(
      name,
      chunk.reduce((latest, operation) => (operation.updatedAt > latest ? operation.updatedAt : latest), new Date(0)),
    );
  }
  const index =
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n' +
    [...files.keys()]
      .map(
        (name) =>
          `<sitemap><loc>${escapeXml(`${publicUrl}${SITEMAP_FILES_PREFIX}${name}`)}</loc><lastmod>${lastmods.get(name)!.toISOString()}</lastmod></sitemap>`,
      )
      .join('\n') +
    '\n</sitemapindex>';
  return { index: await fileOf(index, 0), files };
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
