import { type PageMeta, headTagsToHtml, pageHeadTags } from '@tradeops/shared';

/**
 * The tags a page's head carries, as HTML: the shared head system's tags (packages/shared/src/seo/
 * page-head.ts, which the browser writes after a navigation too), every value HTML-escaped.
 */
export function renderPageHead(page: PageMeta, publicUrl: string): string {
  return headTagsToHtml(pageHeadTags(page, publicUrl));
}
