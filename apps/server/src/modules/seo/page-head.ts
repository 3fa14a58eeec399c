import { LANGUAGES, DEFAULT_LANGUAGE, OG_LOCALE_BY_LANGUAGE, localizedPath } from '@tradeops/shared';
import escapeHtml from 'escape-html';
import { translate } from '../../plugins/i18n';
import { type PageMeta } from './page-meta.service';

/** An absolute URL on the site: always from PUBLIC_URL, never from the request's Host. */
function absoluteUrl(publicUrl: string, path: string): string {
  return new URL(path, `${publicUrl}/`).href;
}

function meta(attribute: 'name' | 'property', key: string, content: string | number): string {
  return `<meta ${attribute}="${key}" content="${escapeHtml(String(content))}" />`;
}

function link(rel: string, href: string, hreflang?: string): string {
  const lang = hreflang ? ` hreflang="${hreflang}"` : '';
  return `<link rel="${rel}"${lang} href="${escapeHtml(href)}" />`;
}

/**
 * The tags a page's head carries: title, description, canonical and hreflang alternates (for an
 * indexed page), Open Graph and the Twitter card. Every value is HTML-escaped.
 */
export function renderPageHead(page: PageMeta, publicUrl: string): string {
  const tags: string[] = [
    `<title>${escapeHtml(page.documentTitle)}</title>`,
    meta('name', 'description', page.description),
  ];
  const canonical =
    page.indexedPath === null ? null : absoluteUrl(publicUrl, localizedPath(page.indexedPath, page.lang));
  if (page.indexedPath === null) {
    tags.push(meta('name', 'robots', 'noindex'));
  } else {
    tags.push(link('canonical', canonical!));
    for (const language of LANGUAGES) {
      tags.push(link('alternate', absoluteUrl(publicUrl, localizedPath(page.indexedPath, language)), language));
    }
    tags.push(
      link('alternate', absoluteUrl(publicUrl, localizedPath(page.indexedPath, DEFAULT_LANGUAGE)), 'x-default'),
    );
  }
  const image = absoluteUrl(publicUrl, page.image.path);
  tags.push(
    meta('property', 'og:site_name', translate(page.lang, 'common.appName')),
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
  return tags.join('\n    ');
}
