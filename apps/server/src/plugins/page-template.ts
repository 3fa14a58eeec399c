import escapeHtml from 'escape-html';

/** The marks around the default title and description in apps/web/index.html, which the server replaces. */
export const HEAD_START_MARK = '<!--page-head-->';
export const HEAD_END_MARK = '<!--/page-head-->';

/** The empty mount point of the built index.html, where a server-rendered page's markup goes. */
const ROOT_ELEMENT = '<div id="root"></div>';

export interface PageTemplate {
  /** The built index.html with this page's head and `<html lang>`, and its rendered body if any. */
  render(head: string, lang: string, body?: { html: string; stateScript: string } | null): string;
}

/**
 * Cuts the built index.html once, at start-up, around its default head (between the marks; without
 * them, the `<title>` and description are dropped and the tags go before `</head>`).
 */
export function createPageTemplate(indexHtml: string): PageTemplate {
  let before: string;
  let after: string;
  const start = indexHtml.indexOf(HEAD_START_MARK);
  const end = indexHtml.indexOf(HEAD_END_MARK);
  if (start !== -1 && end > start) {
    before = indexHtml.slice(0, start);
    after = indexHtml.slice(end + HEAD_END_MARK.length);
  } else {
    const withoutDefaults = indexHtml
      .replace(/<title>[\s\S]*?<\/title>/i, '')
      .replace(/<meta\s+name="description"[^>]*>/i, '');
    const headEnd = withoutDefaults.search(/<\/head>/i);
    const at = headEnd === -1 ? withoutDefaults.search(/<body[\s>]/i) : headEnd;
    const cut = at === -1 ? 0 : at;
    before = withoutDefaults.slice(0, cut);
    after = withoutDefaults.slice(cut);
  }
  return {
    render(head, lang, body) {
      const opening = before.replace(/<html\b([^>]*)>/i, (_whole, attributes: string) => {
        const rest = attributes.replace(/\s+lang="[^"]*"/i, '');
        return `<html lang="${escapeHtml(lang)}"${rest}>`;
      });
      const closing = body
        ? after.replace(ROOT_ELEMENT, () => `<div id="root">${body.html}</div>${body.stateScript}`)
        : after;
      return `${opening}${head}${closing}`;
    },
  };
}
