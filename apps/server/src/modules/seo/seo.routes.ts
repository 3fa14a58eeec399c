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
import { buildRobotsTxt, buildSitemap } from './sitemap.service';

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
export const seoRoutes: FastifyPluginAsync<{ db: Queryable; now?: () => Date }> = async (app, options) => {
  const { db } = options;
  const now = options.now ?? (() => new Date());
  const images = createPreviewImages();
  const pagesModifiedAt = webBuildTime(app.config.webDistDir);

  app.get('/sitemap.xml', async (_request, reply) => {
    const xml = await buildSitemap(db, app.config.publicUrl, pagesModifiedAt);
    return reply.header('cache-control', SITEMAP_CACHE_CONTROL).type('application/xml; charset=utf-8').send(xml);
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
