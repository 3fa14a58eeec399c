import { type HeadTag, MANAGED_HEAD_TAG_SELECTORS, type PageMeta } from '@tradeops/shared';
import { createContext, useContext, useEffect } from 'react';

const PageHeadContext = createContext<((override: PageMeta | null) => void) | null>(null);

/** Given by the root layout, which writes the page's head. */
export const PageHeadProvider = PageHeadContext.Provider;

/**
 * Tells the layout this page's head, made from its data (an operation, an article) with the
 * shared head system's builders, as the server makes it; forgotten when the page goes away.
 * Null: the route's own head.
 */
export function usePageHead(override: PageMeta | null): void {
  const setOverride = useContext(PageHeadContext);
  // A head is a handful of strings: its JSON is what changes, not its object's identity.
  const key = override ? JSON.stringify(override) : null;
  useEffect(() => {
    if (!setOverride || key === null) return;
    setOverride(JSON.parse(key) as PageMeta);
    return () => setOverride(null);
  }, [setOverride, key]);
}

/** The head's tags this system writes (and replaces): every one `pageHeadTags` makes. */
const MANAGED_TAGS = MANAGED_HEAD_TAG_SELECTORS.join(',');

/**
 * Writes a page's head tags into the document, replacing the ones the server's page (or the
 * previous page) had: the same tags, in the same order, as the server's page template gets.
 */
export function applyHeadTags(tags: readonly HeadTag[]): void {
  const elements: Element[] = [];
  for (const tag of tags) {
    if (tag.tag === 'title') {
      document.title = tag.text;
    } else if (tag.tag === 'meta') {
      const meta = document.createElement('meta');
      meta.setAttribute(tag.attribute, tag.key);
      meta.setAttribute('content', tag.content);
      elements.push(meta);
    } else {
      const link = document.createElement('link');
      link.setAttribute('rel', tag.rel);
      if (tag.hreflang) link.setAttribute('hreflang', tag.hreflang);
      link.setAttribute('href', tag.href);
      elements.push(link);
    }
  }
  const old = [...document.head.querySelectorAll(MANAGED_TAGS)];
  const anchor = old[0] ?? document.head.querySelector('title');
  if (anchor) anchor.after(...elements);
  else document.head.append(...elements);
  for (const element of old) element.remove();
}
