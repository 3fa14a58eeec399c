import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { renderAsync } from '@resvg/resvg-js';
import { type Language, PREVIEW_IMAGE_SIZE } from '@tradeops/shared';
import escapeHtml from 'escape-html';
import { LRUCache } from 'lru-cache';
import { translate } from '../../plugins/i18n';
import { type OperationSummary, describeDeadline } from './operation-summary';

/**
 * Link-preview images (1200 × 630 PNG) drawn as SVG and rasterised by resvg (Rust, prebuilt
 * binaries from npm; no system library). The fonts ship with the server (dejavu-fonts-ttf), so
 * the text renders alike on a bare container and a desktop.
 */
const require = createRequire(import.meta.url);
const FONT_FILES = ['DejaVuSans.ttf', 'DejaVuSans-Bold.ttf'].map((file) =>
  require.resolve(`dejavu-fonts-ttf/ttf/${file}`),
);
const FONT_FAMILY = 'DejaVu Sans';

/** Bumped when the drawing changes, so every cached image and ETag is renewed. */
const DESIGN_VERSION = 1;

/** The brand's colours (apps/web/src/styles.css). */
const COLOURS = {
  brand950: '#061a33',
  brand900: '#0b2545',
  brand700: '#17335f',
  brand200: '#b3c7e4',
  accent400: '#2dd4bf',
  accent600: '#0d9488',
  white: '#ffffff',
} as const;

const { width: WIDTH, height: HEIGHT } = PREVIEW_IMAGE_SIZE;
const MARGIN = 72;

/** The one mark of the favicon (apps/web/public/favicon.svg), drawn at `size` px. */
function logo(x: number, y: number, size: number): string {
  const scale = size / 32;
  return `<g transform="translate(${x} ${y}) scale(${scale})">
    <rect width="32" height="32" rx="8" fill="${COLOURS.brand700}"/>
    <path d="M8 21.5 14 10l4 7 2.5-4L25 21.5" fill="none" stroke="${COLOURS.accent400}" stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>
    <circle cx="8" cy="21.5" r="2" fill="#fff"/>
    <circle cx="25" cy="21.5" r="2" fill="#fff"/>
  </g>`;
}

function text(content: string, x: number, y: number, size: number, fill: string, weight: 400 | 700 = 400): string {
  return `<text x="${x}" y="${y}" font-family="${FONT_FAMILY}" font-size="${size}" font-weight="${weight}" fill="${fill}">${escapeHtml(content)}</text>`;
}

/**
 * Splits a title into at most `maxLines` lines of about `maxChars` characters (DejaVu Sans Bold
 * averages 0.62 em a character), ending with an ellipsis when it is longer.
 */
export function wrapText(value: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  const words = value.trim().split(/\s+/);
  for (let index = 0; index < words.length; index++) {
    const word = words[index]!;
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars) {
      line = candidate;
      continue;
    }
    if (line) lines.push(line);
    line = word.length > maxChars ? `${word.slice(0, maxChars - 1)}…` : word;
    if (lines.length === maxLines) {
      const last = lines[maxLines - 1]!;
      lines[maxLines - 1] = `${last.slice(0, maxChars - 1).trimEnd()}…`;
      return lines;
    }
  }
  if (line) lines.push(line);
  if (lines.length > maxLines) {
    const kept = lines.slice(0, maxLines);
    kept[maxLines - 1] = `${kept[maxLines - 1]!.slice(0, maxChars - 1).trimEnd()}…`;
    return kept;
  }
  return lines;
}

function frame(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${COLOURS.brand900}"/>
      <stop offset="1" stop-color="${COLOURS.brand950}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <rect y="${HEIGHT - 12}" width="${WIDTH}" height="12" fill="${COLOURS.accent600}"/>
  ${logo(MARGIN, 56, 56)}
  ${text('TradeOps', MARGIN + 76, 98, 38, COLOURS.white, 700)}
  ${body}
</svg>`;
}

/** The SVG of an operation's preview: product, route, tonnage left of the total, price, days left. */
export function operationPreviewSvg(summary: OperationSummary, lang: Language): string {
  const titleSize = 66;
  const titleLines = wrapText(summary.title, Math.floor((WIDTH - 2 * MARGIN) / (titleSize * 0.62)), 2);
  const titleTop = 215;
  const title = titleLines
    .map((line, index) => text(line, MARGIN, titleTop + index * (titleSize + 12), titleSize, COLOURS.white, 700))
    .join('\n  ');
  const routeY = titleTop + titleLines.length * (titleSize + 12) + 30;
  const route = translate(lang, 'seo.preview.route', { origin: summary.origin, destination: summary.destination });
  const tons = translate(lang, 'seo.preview.tons', {
    available: summary.availableTons,
    total: summary.totalTons,
  });
  const price = translate(lang, 'seo.preview.pricePerTon', { price: summary.price });
  const deadline = describeDeadline(lang, summary.daysLeft, 'seo.preview');
  const allocatedShare = summary.totalTons > 0 ? (summary.totalTons - summary.availableTons) / summary.totalTons : 0;
  const barWidth = WIDTH - 2 * MARGIN;
  const barY = 455;
  return frame(`${title}
  ${text(route, MARGIN, routeY, 44, COLOURS.accent400, 700)}
  <rect x="${MARGIN}" y="${barY}" width="${barWidth}" height="14" rx="7" fill="${COLOURS.brand700}"/>
  <rect x="${MARGIN}" y="${barY}" width="${Math.round(barWidth * Math.min(1, Math.max(0, allocatedShare)))}" height="14" rx="7" fill="${COLOURS.accent400}"/>
  ${text(tons, MARGIN, barY + 66, 36, COLOURS.white, 700)}
  <text x="${WIDTH - MARGIN}" y="${barY + 66}" text-anchor="end" font-family="${FONT_FAMILY}" font-size="36" font-weight="700" fill="${COLOURS.accent400}">${escapeHtml(deadline)}</text>
  ${text(price, MARGIN, barY + 118, 32, COLOURS.brand200)}`);
}

/**
 * A blog article's preview: the blog's name over the article's title. PNG because LinkedIn and
 * others show no WebP preview (the articles' covers are WebP).
 */
export function articlePreviewSvg(title: string, lang: Language): string {
  const titleSize = 64;
  const lines = wrapText(title, Math.floor((WIDTH - 2 * MARGIN) / (titleSize * 0.62)), 3);
  const body = lines
    .map((line, index) => text(line, MARGIN, 260 + index * (titleSize + 14), titleSize, COLOURS.white, 700))
    .join('\n  ');
  return frame(`${text(translate(lang, 'seo.preview.blogLabel'), MARGIN, 200, 34, COLOURS.accent400, 700)}
  ${body}
  ${text(translate(lang, 'seo.preview.siteTagline'), MARGIN, 540, 32, COLOURS.brand200)}`);
}

/** The site's own preview (every page without data of its own): the mark and the tagline. */
export function sitePreviewSvg(lang: Language): string {
  const lines = wrapText(translate(lang, 'seo.home.title'), 26, 2);
  const body = lines.map((line, index) => text(line, MARGIN, 300 + index * 84, 68, COLOURS.white, 700)).join('\n  ');
  return frame(`${body}
  ${text(translate(lang, 'seo.preview.siteTagline'), MARGIN, 520, 32, COLOURS.brand200)}`);
}

/** What an image is drawn from: the same inputs give the same image, and so the same ETag. */
export function previewFingerprint(parts: readonly unknown[]): string {
  return createHash('sha256')
    .update(JSON.stringify([DESIGN_VERSION, ...parts]))
    .digest('base64url')
    .slice(0, 32);
}

export interface PreviewImages {
  /** The PNG for `fingerprint`, drawn from `svg()` once and kept while it is among the recently used. */
  get(fingerprint: string, svg: () => string): Promise<Buffer>;
  readonly size: number;
}

/**
 * An in-process LRU of rendered PNGs keyed by their fingerprint (the id and every figure drawn):
 * a change of tonnage or a new day makes a new key, the old image ages out. Concurrent requests
 * for one key share one rendering.
 */
export function createPreviewImages(maxEntries = 200): PreviewImages {
  const cache = new LRUCache<string, Promise<Buffer>>({ max: maxEntries });
  return {
    get(fingerprint, svg) {
      const cached = cache.get(fingerprint);
      if (cached) return cached;
      const rendering = renderAsync(svg(), {
        font: { loadSystemFonts: false, fontFiles: FONT_FILES, defaultFontFamily: FONT_FAMILY },
        fitTo: { mode: 'original' },
      }).then((image) => image.asPng());
      cache.set(fingerprint, rendering);
      // A failed rendering is not kept: the next request tries again.
      rendering.catch(() => cache.delete(fingerprint));
      return rendering;
    },
    get size() {
      return cache.size;
    },
  };
}
