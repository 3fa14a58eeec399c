import { DAY_MS, LANGUAGE_COOKIE, PUBLIC_PAGES } from '@tradeops/shared';
import { and, eq, notInArray } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../db/schema';
import { FEATURED_OPERATION_KEY, demoOperationId } from '../../seed/demo-operations';
import { createOpenOperation } from '../../test/deals';
import { type TestApp, createTestApp } from '../../test/test-app';

const PUBLIC_URL = 'https://tradeops.example.com';
const SITEMAP_FILE_OPERATIONS = 3;
const HOSTILE_HOST = 'evil.example.net';
const ARTICLE_SLUG = 'escrow-como-protegemos-tu-pago';

/** index.html as Vite builds it from apps/web/index.html: the default head between the marks. */
const INDEX_HTML = `<!doctype html>
<html lang="es">
  <head>
    <meta charset="UTF-8" />
    <!--page-head-->
    <title>TradeOps</title>
    <meta name="description" content="default description" />
    <!--/page-head-->
    <script type="module" crossorigin src="/assets/index-abc.js"></script>
  </head>
  <body><div id="root" data-test="spa-shell"></div></body>
</html>
`;

/** A page's head, read back as a browser or a crawler would. */
interface Head {
  lang: string | undefined;
  titles: string[];
  description: string | undefined;
  canonical: string | undefined;
  alternates: Record<string, string>;
  property: (name: string) => string | undefined;
  properties: (name: string) => string[];
  name: (name: string) => string | undefined;
}

function decodeEntities(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

function attributesOf(tag: string): Record<string, string> {
  return Object.fromEntries(
    [...tag.matchAll(/([a-z:-]+)="([^"]*)"/gi)].map((match) => [match[1]!.toLowerCase(), decodeEntities(match[2]!)]),
  );
}

function readHead(html: string): Head {
  const head = html.slice(0, html.indexOf('</head>'));
  const metas = [...head.matchAll(/<meta\b[^>]*>/g)].map((match) => attributesOf(match[0]));
  const links = [...head.matchAll(/<link\b[^>]*>/g)].map((match) => attributesOf(match[0]));
  return {
    lang: /<html\b[^>]*\blang="([^"]*)"/.exec(html)?.[1],
    titles: [...head.matchAll(/<title>([\s\S]*?)<\/title>/g)].map((match) => decodeEntities(match[1]!)),
    description: metas.find((meta) => meta.name === 'description')?.content,
    canonical: links.find((link) => link.rel === 'canonical')?.href,
    alternates: Object.fromEntries(
      links.filter((link) => link.rel === 'alternate').map((link) => [link.hreflang!, link.href!]),
    ),
    property: (name) => metas.find((meta) => meta.property === name)?.content,
    properties: (name) => metas.filter((meta) => meta.property === name).map((meta) => meta.content!),
    name: (name) => metas.find((meta) => meta.name === name)?.content,
  };
}

/** The PNG's size from its IHDR chunk (bytes 16–23), as every decoder reads it. */
function pngSize(png: Buffer): { width: number; height: number } {
  return { width: png.readUInt32BE(16), height: png.readUInt32BE(20) };
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

describe('findable and shareable pages', () => {
  let t: TestApp;
  let webDist: string;
  let hostileId: string;
  let pendingId: string;
  let rejectedId: string;
  const featuredId = demoOperationId(FEATURED_OPERATION_KEY);

  beforeAll(async () => {
    webDist = await mkdtemp(join(tmpdir(), 'tradeops-seo-web-'));
    await mkdir(join(webDist, 'assets'));
    await writeFile(join(webDist, 'index.html'), INDEX_HTML);
    // Small sitemap files (3 operations each) so the demo deals span several; rebuilt at once after a change.
    t = await createTestApp({
      env: { WEB_DIST_DIR: webDist, PUBLIC_URL },
      sitemap: { minRebuildMs: 0, operationsPerFile: SITEMAP_FILE_OPERATIONS },
    });
    hostileId = (
      await createOpenOperation(t.db, {
        title: '"<script>alert(1)</script> & co',
        titleEn: '"<script>alert(2)</script>',
        totalTons: 40,
        allocatedTons: 15,
        pricePerTonCents: 432_000,
        deadline: new Date(Date.now() + 11.5 * DAY_MS),
      })
    ).id;
    pendingId = (
      await createOpenOperation(t.db, { title: 'Oferta pendiente', status: 'pending', reviewStatus: 'pending' })
    ).id;
    rejectedId = (
      await createOpenOperation(t.db, {
        title: 'Oferta rechazada',
        status: 'rejected',
        reviewStatus: 'rejected',
        reviewRejectionReason: 'Documentos incompletos',
      })
    ).id;
  });
  afterAll(async () => {
    await t?.close();
    await rm(webDist, { recursive: true, force: true });
  });

  const page = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { host: HOSTILE_HOST, ...headers } });

  describe('page heads', () => {
    it('gives every public page its own title, description, canonical and alternates, from PUBLIC_URL', async () => {
      const titles = new Set<string>();
      const descriptions = new Set<string>();
      for (const { path } of PUBLIC_PAGES) {
        const response = await page(path);
        expect(response.statusCode, path).toBe(200);
        expect(response.headers['cache-control'], path).toBe('no-cache');
        expect(response.body, path).toContain('spa-shell');
        const head = readHead(response.body);
        expect(head.titles, path).toHaveLength(1);
        titles.add(head.titles[0]!);
        descriptions.add(head.description!);
        expect(head.description, path).not.toBe('default description');
        expect(head.canonical, path).toBe(`${PUBLIC_URL}${path}`);
        expect(head.alternates, path).toEqual({
          es: `${PUBLIC_URL}${path}`,
          en: `${PUBLIC_URL}${path}?lang=en`,
          'x-default': `${PUBLIC_URL}${path}`,
        });
        expect(head.property('og:url'), path).toBe(`${PUBLIC_URL}${path}`);
        expect(head.property('og:image'), path).toMatch(new RegExp(`^${PUBLIC_URL}/og/`));
        expect(head.property('og:locale'), path).toBe('es_LA');
        expect(head.properties('og:locale:alternate'), path).toEqual(['en_US']);
        expect(head.name('twitter:card'), path).toBe('summary_large_image');
        expect(response.body, path).not.toContain(HOSTILE_HOST);
      }
      expect(titles.size).toBe(PUBLIC_PAGES.length);
      expect(descriptions.size).toBe(PUBLIC_PAGES.length);
    });

    it('writes the page in English under ?lang=en, canonical to the English address', async () => {
      const spanish = readHead((await page('/about')).body);
      expect(spanish.lang).toBe('es');
      expect(spanish.titles[0]).toBe('Nosotros · TradeOps');
      const response = await page('/about?lang=en');
      const head = readHead(response.body);
      expect(head.lang).toBe('en');
      expect(head.titles[0]).toBe('About us · TradeOps');
      expect(head.description).toMatch(/^Meet TradeOps/);
      expect(head.canonical).toBe(`${PUBLIC_URL}/about?lang=en`);
      expect(head.property('og:locale')).toBe('en_US');
      expect(head.properties('og:locale:alternate')).toEqual(['es_LA']);
      expect(head.property('og:image')).toBe(`${PUBLIC_URL}/og/site.png?lang=en`);
    });

    it("writes the page in the visitor's saved language (the language cookie), the address's winning", async () => {
      const saved = { cookie: `other=1; ${LANGUAGE_COOKIE}=en` };
      const english = await page('/about', saved);
      expect(readHead(english.body).lang).toBe('en');
      expect(readHead(english.body).titles[0]).toBe('About us · TradeOps');
      expect(english.headers['vary']).toContain('Cookie');
      expect(english.headers['cache-control']).toBe('private, no-cache');
      expect(readHead((await page('/about?lang=es', saved)).body).lang).toBe('es');
      expect(readHead((await page('/about', { cookie: `${LANGUAGE_COOKIE}=fr` })).body).lang).toBe('es');
    });

    it('describes an operation with its own data and image, and escapes whatever its title holds', async () => {
      const response = await page(`/operation/${hostileId}`);
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('<script>alert');
      const head = readHead(response.body);
      expect(head.titles).toEqual(['"<script>alert(1)</script> & co: Uruguay → Venezuela · TradeOps']);
      expect(head.property('og:title')).toBe('"<script>alert(1)</script> & co: Uruguay → Venezuela');
      expect(head.description).toBe(
        '25 de 40 t disponibles a $4,320 por tonelada. Cierra en 12 días. Participa con tu pago protegido por escrow.',
      );
      expect(head.property('og:image')).toBe(`${PUBLIC_URL}/og/operation/${hostileId}.png`);
      expect(head.property('og:image:width')).toBe('1200');
      expect(head.property('og:image:height')).toBe('630');
      expect(head.name('twitter:image')).toBe(`${PUBLIC_URL}/og/operation/${hostileId}.png`);
      expect(head.canonical).toBe(`${PUBLIC_URL}/operation/${hostileId}`);

      const english = readHead((await page(`/operation/${hostileId}?lang=en`)).body);
      expect(english.property('og:title')).toBe('"<script>alert(2)</script>: Uruguay → Venezuela');
      expect(english.description).toMatch(/^25 of 40 t available at \$4,320 per ton\. Closes in 12 days\./);
      expect(english.property('og:image')).toBe(`${PUBLIC_URL}/og/operation/${hostileId}.png?lang=en`);
    });

    it('describes the featured deal with its data', async () => {
      const head = readHead((await page('/operation/featured')).body);
      expect(head.property('og:title')).toBe('Leche en polvo regular: Uruguay → Venezuela');
      expect(head.property('og:image')).toBe(`${PUBLIC_URL}/og/operation/${featuredId}.png`);
      expect(head.canonical).toBe(`${PUBLIC_URL}/operation/featured`);
    });

    it('describes an article with its title and excerpt', async () => {
      const response = await page(`/blog/${ARTICLE_SLUG}`);
      expect(response.statusCode).toBe(200);
      const head = readHead(response.body);
      expect(head.titles[0]).toMatch(/escrow/i);
      expect(head.titles[0]).toMatch(/ · TradeOps$/);
      expect(head.property('og:type')).toBe('article');
      expect(head.property('article:published_time')).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(head.canonical).toBe(`${PUBLIC_URL}/blog/${ARTICLE_SLUG}`);
      const english = readHead((await page(`/blog/${ARTICLE_SLUG}?lang=en`)).body);
      expect(english.titles[0]).not.toBe(head.titles[0]);
      // A PNG of declared size, in the page's language (LinkedIn shows no WebP preview).
      expect(head.property('og:image')).toBe(`${PUBLIC_URL}/og/blog/${ARTICLE_SLUG}.png`);
      expect(head.property('og:image:type')).toBe('image/png');
      expect(head.property('og:image:width')).toBe('1200');
      expect(head.property('og:image:height')).toBe('630');
      expect(english.property('og:image')).toBe(`${PUBLIC_URL}/og/blog/${ARTICLE_SLUG}.png?lang=en`);
    });

    it('answers an unknown, pending or rejected operation and an unknown article with the not-found page and 404', async () => {
      for (const path of [
        '/operation/00000000-0000-4000-8000-000000000000',
        '/operation/not-an-id',
        `/operation/${pendingId}`,
        `/operation/${rejectedId}`,
        '/blog/no-such-article',
      ]) {
        const response = await page(path);
        expect(response.statusCode, path).toBe(404);
        expect(response.headers['content-type'], path).toMatch(/^text\/html/);
        expect(response.body, path).toContain('spa-shell');
        const head = readHead(response.body);
        expect(head.titles, path).toEqual(['Página no encontrada · TradeOps']);
        expect(head.name('robots'), path).toBe('noindex');
        expect(head.canonical, path).toBeUndefined();
        expect(response.body, path).not.toContain('Oferta pendiente');
      }
    });

    it('keeps private pages out of search results', async () => {
      const head = readHead((await page('/buyer/dashboard')).body);
      expect(head.titles).toEqual(['TradeOps']);
      expect(head.name('robots')).toBe('noindex');
      expect(head.canonical).toBeUndefined();
    });
  });

  describe('preview images', () => {
    it('draws a 1200×630 PNG of a published article, in each language; 404 for an unknown one', async () => {
      const spanish = await page(`/og/blog/${ARTICLE_SLUG}.png`);
      expect(spanish.statusCode).toBe(200);
      expect(spanish.headers['content-type']).toBe('image/png');
      expect(spanish.rawPayload.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(spanish.rawPayload)).toEqual({ width: 1200, height: 630 });
      const english = await page(`/og/blog/${ARTICLE_SLUG}.png?lang=en`);
      expect(english.statusCode).toBe(200);
      expect(english.headers.etag).not.toBe(spanish.headers.etag);
      expect((await page('/og/blog/no-such-article.png')).statusCode).toBe(404);
    });

    it('draws a 1200×630 PNG of an operation, cached by ETag', async () => {
      const response = await page(`/og/operation/${hostileId}.png`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const png = response.rawPayload;
      expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
      expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
      expect(response.headers['cache-control']).toBe('public, max-age=600, stale-while-revalidate=3600');
      expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
      const etag = String(response.headers.etag);
      expect(etag).toMatch(/^"[\w-]+"$/);

      const again = await page(`/og/operation/${hostileId}.png`, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.rawPayload).toHaveLength(0);

      const english = await page(`/og/operation/${hostileId}.png?lang=en`);
      expect(english.statusCode).toBe(200);
      expect(english.headers.etag).not.toBe(etag);
    });

    it('draws a new image (new ETag) once the tonnage changes', async () => {
      const before = String((await page(`/og/operation/${hostileId}.png`)).headers.etag);
      await t.db.update(operations).set({ allocatedTons: 20 }).where(eq(operations.id, hostileId));
      const after = await page(`/og/operation/${hostileId}.png`, { 'if-none-match': before });
      expect(after.statusCode).toBe(200);
      expect(after.headers.etag).not.toBe(before);
      await t.db.update(operations).set({ allocatedTons: 15 }).where(eq(operations.id, hostileId));
    });

    it('answers 404 for an unknown, pending or malformed operation', async () => {
      for (const url of [
        '/og/operation/00000000-0000-4000-8000-000000000000.png',
        `/og/operation/${pendingId}.png`,
        '/og/operation/nope.png',
        `/og/operation/${hostileId}.jpg`,
      ]) {
        const response = await page(url);
        expect(response.statusCode, url).toBe(404);
        expect(response.json().error.code, url).toBe('OPERATION_NOT_FOUND');
      }
    });

    it('draws the site image the other pages share', async () => {
      const response = await page('/og/site.png?lang=en');
      expect(response.statusCode).toBe(200);
      expect(pngSize(response.rawPayload)).toEqual({ width: 1200, height: 630 });
    });
  });

  describe('sitemap.xml and robots.txt', () => {
    interface SitemapEntry {
      loc: string;
      lastmod: string;
      'xhtml:link': { '@_hreflang': string; '@_href': string }[];
    }
    const parser = new XMLParser({ ignoreAttributes: false, isArray: (name) => ['url', 'sitemap'].includes(name) });

    /** The index's files, each read as a crawler would (plain), by path. */
    async function readSitemaps(): Promise<{ files: Map<string, SitemapEntry[]>; index: string }> {
      const response = await page('/sitemap.xml');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/xml/);
      expect(XMLValidator.validate(response.body)).toBe(true);
      const index = parser.parse(response.body) as { sitemapindex: { sitemap: { loc: string; lastmod: string }[] } };
      const files = new Map<string, SitemapEntry[]>();
      for (const { loc, lastmod } of index.sitemapindex.sitemap) {
        expect(loc.startsWith(`${PUBLIC_URL}/sitemaps/`)).toBe(true);
        expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
        const path = loc.slice(PUBLIC_URL.length);
        const file = await page(path);
        expect(file.statusCode).toBe(200);
        expect(XMLValidator.validate(file.body)).toBe(true);
        files.set(path, (parser.parse(file.body) as { urlset: { url?: SitemapEntry[] } }).urlset.url ?? []);
      }
      return { files, index: response.body };
    }

    it('lists the public pages, approved operations and articles in both languages, with lastmod', async () => {
      const { files, index } = await readSitemaps();
      const entries = [...files.values()].flat();
      const locations = entries.map((entry) => entry.loc);
      expect(locations).toContain(`${PUBLIC_URL}/`);
      expect(locations).toContain(`${PUBLIC_URL}/about?lang=en`);
      expect(locations).toContain(`${PUBLIC_URL}/operation/${hostileId}`);
      expect(locations).toContain(`${PUBLIC_URL}/operation/${featuredId}?lang=en`);
      expect(locations).toContain(`${PUBLIC_URL}/blog/${ARTICLE_SLUG}`);
      expect(locations.some((location) => location.includes(pendingId))).toBe(false);
      expect(locations.some((location) => location.includes(rejectedId))).toBe(false);
      expect(locations.every((location) => location.startsWith(`${PUBLIC_URL}/`))).toBe(true);
      expect(index).not.toContain(HOSTILE_HOST);
      const operationEntry = entries.find((entry) => entry.loc === `${PUBLIC_URL}/operation/${hostileId}`)!;
      expect(operationEntry.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T/);
      expect(
        Object.fromEntries(operationEntry['xhtml:link'].map((link) => [link['@_hreflang'], link['@_href']])),
      ).toEqual({
        es: `${PUBLIC_URL}/operation/${hostileId}`,
        en: `${PUBLIC_URL}/operation/${hostileId}?lang=en`,
        'x-default': `${PUBLIC_URL}/operation/${hostileId}`,
      });
    });

    it('lists every public deal once per language, in files of a bounded size', async () => {
      const { files } = await readSitemaps();
      const publicDeals = await t.db
        .select({ id: operations.id })
        .from(operations)
        .where(
          and(
            eq(operations.reviewStatus, 'approved'),
            notInArray(operations.status, ['rejected', 'expired', 'cancelled']),
          ),
        );
      const operationFiles = [...files.entries()].filter(([path]) => path.startsWith('/sitemaps/operations-'));
      expect(operationFiles.length).toBe(Math.ceil(publicDeals.length / SITEMAP_FILE_OPERATIONS));
      for (const [, entries] of operationFiles) expect(entries.length).toBeLessThanOrEqual(SITEMAP_FILE_OPERATIONS * 2);
      const listed = operationFiles.flatMap(([, entries]) => entries.map((entry) => entry.loc)).sort();
      expect(listed).toEqual(
        publicDeals
          .flatMap(({ id }) => [`${PUBLIC_URL}/operation/${id}`, `${PUBLIC_URL}/operation/${id}?lang=en`])
          .sort(),
      );
      expect((await page('/sitemaps/operations-999.xml')).statusCode).toBe(404);
    });

    it('sends the index and its files gzipped to a client that accepts it', async () => {
      for (const path of ['/sitemap.xml', '/sitemaps/pages.xml', '/sitemaps/operations-1.xml']) {
        const plain = await page(path);
        const zipped = await page(path, { 'accept-encoding': 'gzip, deflate, br' });
        expect(zipped.headers['content-encoding']).toBe('gzip');
        expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
        expect(plain.headers['content-encoding']).toBeUndefined();
        expect(gunzipSync(zipped.rawPayload).toString('utf8')).toBe(plain.body);
      }
    });

    it('keeps the sitemap it built until a change to an operation is announced', async () => {
      const listed = async () => [...(await readSitemaps()).files.values()].flat().map((entry) => entry.loc);
      // Written without an UPDATE, so nothing is announced (the realtime triggers fire on updates).
      const quiet = await createOpenOperation(t.db, { title: 'Oferta sin anunciar' });
      expect((await listed()).some((location) => location.includes(quiet.id))).toBe(false);
      // An update announces it (NOTIFY at commit): the next request builds the sitemap again.
      await t.db.update(operations).set({ title: 'Oferta anunciada' }).where(eq(operations.id, quiet.id));
      await expect.poll(async () => (await listed()).includes(`${PUBLIC_URL}/operation/${quiet.id}`)).toBe(true);
      await t.db.update(operations).set({ status: 'cancelled' }).where(eq(operations.id, quiet.id));
      await expect.poll(async () => (await listed()).some((location) => location.includes(quiet.id))).toBe(false);
    });

    it('lets crawlers in, keeps them out of the API and private areas, and names the sitemap', async () => {
      const response = await page('/robots.txt');
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/plain/);
      const lines = response.body.split('\n');
      expect(lines).toContain('User-agent: *');
      expect(lines).toContain('Allow: /');
      for (const path of ['/api/', '/admin', '/buyer/', '/seller/', '/onboarding', '/kyc-cuenta']) {
        expect(lines, path).toContain(`Disallow: ${path}`);
      }
      expect(lines.some((line) => /^Disallow: \/og/.test(line))).toBe(false);
      expect(lines).toContain(`Sitemap: ${PUBLIC_URL}/sitemap.xml`);
    });
  });
});
