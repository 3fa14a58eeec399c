import { type FastifyInstance } from 'fastify';
import { expect } from 'vitest';

/**
 * Every row of a paged list (`{ items, nextCursor, total }`), following its cursors: what a test
 * looks for may be on any page.
 */
export async function readAllPages<T>(
  app: FastifyInstance,
  url: string,
  headers: Record<string, string>,
  /** Where to start (a page's nextCursor); the first page when absent. */
  from: string | null = null,
): Promise<{ items: T[]; total: number; pages: number }> {
  const items: T[] = [];
  let cursor: string | null = from;
  let total = 0;
  let pages = 0;
  do {
    const separator = url.includes('?') ? '&' : '?';
    const response = await app.inject({
      method: 'GET',
      url: cursor ? `${url}${separator}cursor=${encodeURIComponent(cursor)}` : url,
      headers,
    });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as { items: T[]; nextCursor: string | null; total: number };
    items.push(...page.items);
    total = page.total;
    cursor = page.nextCursor;
    pages += 1;
  } while (cursor);
  return { items, total, pages };
}
