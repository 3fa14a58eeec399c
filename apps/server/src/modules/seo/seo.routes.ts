import { statSync } from 'node:fs';
import { join } from 'node:path';
import { type Language, parseLanguageParam } from '@tradeops/shared';
import { type FastifyPluginAsync, type FastifyReply, type FastifyRequest } from 'fastify';
import { z } from 'zod';
import { type Queryable } from '../../db/client';
import { AppError } from '../../errors';
import { summarizeOperation } from './operation-summary';
import {
  articlePreviewSvg,
  createPreviewImages,
  operationPreviewSvg,
  previewFingerprint,
  sitePreviewSvg,
} from './preview-image';
import { findPublicOperationForPreview, findPublishedArticle } from './seo.repo';
import { acceptsGzip } from '../../plugins/read-cache';
import { type RealtimeSignal } from '../../plugins/realtime';
import {
  SITEMAP_FILES_PREFIX,
  type SitemapFile,
  type Sitemaps,
  buildRobotsTxt,
  buildSitemaps,
} from './sitemap.service';

/** Preview images may be kept a while by crawlers and proxies: tonnage moves, but not by the second. */
const PREVIEW_CACHE_CONTROL = 'public, max-age=600, stale-while-revalidate=3600';
const SITEMAP_CACHE_CONTROL = 'public, max-age=600';
const ROBOTS_CACHE_CONTROL = 'public, max-age=3600';

const ZLangQuery = z.object({ lang: z.string().optional() });

function languageOf(query: unknown): Language {
  const parsed = ZLangQuery.safeParse(query);
  return (parsed.success ? parseLanguageParam(parsed.data.lang) : null) ?? 'es';
}

/** Whether If-None-Match names this ETag (weak or strong, in a list, or `*`). */
export function matchesEtag(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header.split(',').some((candidate) => {
    const tag = candidate.trim().replace(/^W\//, '');
    return tag === '*' || tag === etag;
  });
}

async function sendPng(request: FastifyRequest, reply: FastifyReply, etag: string, load: () => Promise<Buffer>) {
  reply
    .header('cache-control', PREVIEW_CACHE_CONTROL)
    .header('etag', etag)
    // Mail clients and chat apps show it from their own origin.
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('vary', 'Accept-Encoding');
  if (matchesEtag(request.headers['if-none-match'], etag)) return reply.code(304).send();
  return reply.type('image/png').send(await load());
}

/** A sitemap outlives no announced change by more than this, and none at all by more than the TTL (articles scheduled to publish announce nothing). */
export const SITEMAP_MIN_REBUILD_MS = 30_000;
export const SITEMAP_TTL_MS = 10 * 60_000;

export interface SitemapCacheOptions {
  /** After a change, the kept sitemap is served until it is this old (every order changes an operation). */
  minRebuildMs?: number;
  ttlMs?: number;
  operationsPerFile?: number;
}

/**
 * The sitemap built once and kept: rebuilt on the first request after an operation changed (the
 * realtime feed's NOTIFY, on every instance) once the kept one is `minRebuildMs` old, or after
 * `ttlMs`; one build at a time, the requests meanwhile share it.
 */
function createSitemapCache(build: () => Promise<Sitemaps>, options: SitemapCacheOptions) {
  const minRebuildMs = options.minRebuildMs ?? SITEMAP_MIN_REBUILD_MS;
  const ttlMs = options.ttlMs ?? SITEMAP_TTL_MS;
  let kept: { sitemaps: Promise<Sitemaps>; builtAt: number } | null = null;
  let isStale = false;
  return {
    invalidate() {
      isStale = true;
    },
    get(): Promise<Sitemaps> {
      const now = Date.now();
      if (!kept || now - kept.builtAt >= ttlMs || (isStale && now - kept.builtAt >= minRebuildMs)) {
        isStale = false;
        const sitemaps = build();
        const entry = { sitemaps, builtAt: now };
        kept = entry;
        // A failed build is not kept: the next request tries again.
        sitemaps.catch(() => {
          if (kept === entry) kept = null;
        });
      }
      return kept.sitemaps;
    },
  };
}

function sendSitemapFile(request: FastifyRequest, reply: FastifyReply, file: SitemapFile) {
  reply
    .header('cache-control', SITEMAP_CACHE_CONTROL)
    .header('vary', 'Accept-Encoding')
    .type('application/xml; charset=utf-8');
  if (acceptsGzip(request.headers['accept-encoding'])) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

/** When the static pages last changed: the web build's index.html (the server's start without one). */
function webBuildTime(webDistDir: string): Date {
  try {
    return statSync(join(webDistDir, 'index.html')).mtime;
  } catch {
    return new Date();
  }
}

/**
 * What search engines and link previews read besides the pages: /sitemap.xml, /robots.txt and
 * the generated preview images (/og/operation/<id>.png, /og/blog/<slug>.png, /og/site.png;
 * `?lang=en` for English).
 */
export const seoRoutes: FastifyPluginAsync<{ db: Queryable; now?: () => Date; sitemap?: SitemapCacheOptions }> = async (
  app,
  options,
) => {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const images = createPreviewImages();
  const pagesModifiedAt = webBuildTime(app.config.webDistDir);

  const sitemapOptions = options.sitemap ?? {};
  const sitemaps = createSitemapCache(
    () => buildSitemaps(db, app.config.publicUrl, pagesModifiedAt, sitemapOptions.operationsPerFile),
    sitemapOptions,
  );
  const unsubscribe = app.realtime.subscribe((signal: RealtimeSignal) => {
    if (signal.type === 'resync' || signal.event.kind === 'operation') sitemaps.invalidate();
  });
  app.addHook('onClose', async () => unsubscribe());

  app.get('/sitemap.xml', async (request, reply) => sendSitemapFile(request, reply, (await sitemaps.get()).index));

  app.get<{ Params: { file: string } }>(`${SITEMAP_FILES_PREFIX}:file`, async (request, reply) => {
    const file = (await sitemaps.get()).files.get(request.params.file);
    if (!file) throw new AppError('NOT_FOUND');
    return sendSitemapFile(request, reply, file);
  });

  app.get('/robots.txt', async (_request, reply) =>
    reply
      .header('cache-control', ROBOTS_CACHE_CONTROL)
      .type('text/plain; charset=utf-8')
      .send(buildRobotsTxt(app.config.publicUrl)),
  );

  app.get('/og/site.png', async (request, reply) => {
    const lang = languageOf(request.query);
    const fingerprint = previewFingerprint(['site', lang]);
    return sendPng(request, reply, `"${fingerprint}"`, () => images.get(fingerprint, () => sitePreviewSvg(lang)));
  });

  app.get<{ Params: { file: string } }>('/og/operation/:file', async (request, reply) => {
    const id = /^(.+)\.png$/.exec(request.params.file)?.[1];
    const row = id ? await findPublicOperationForPreview(db, id) : null;
    if (!row) throw new AppError('OPERATION_NOT_FOUND');
    const lang = languageOf(request.query);
    const summary = summarizeOperation(row, lang, now());
    const fingerprint = previewFingerprint(['operation', lang, summary]);
    return sendPng(request, reply, `"${fingerprint}"`, () =>
      images.get(fingerprint, () => operationPreviewSvg(summary, lang)),
    );
  });

  app.get<{ Params: { file: string } }>('/og/blog/:file', async (request, reply) => {
    const slug = /^(.+)\.png$/.exec(request.params.file)?.[1];
    const article = slug ? await findPublishedArticle(db, slug) : null;
    if (!article) throw new AppError('NOT_FOUND');
    const lang = languageOf(request.query);
    const title = lang === 'en' ? article.titleEn : article.titleEs;
    const fingerprint = previewFingerprint(['article', lang, title]);
    return sendPng(request, reply, `"${fingerprint}"`, () =>
      images.get(fingerprint, () => articlePreviewSvg(title, lang)),
    );
  });
};
