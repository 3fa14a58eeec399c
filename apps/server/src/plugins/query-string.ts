import { appPlugin } from './app-plugin';
import { sendError } from './error-handler';

/**
 * True when every `%XX` of a query string decodes to UTF-8 text. Fastify's parser keeps a
 * value it cannot decode as its raw text (`q=%ED%A0%80`, the bytes of a lone surrogate, would
 * be searched for literally); a path with the same bytes is already refused (frameworkErrors).
 */
export function isDecodableQueryString(query: string): boolean {
  if (!query.includes('%')) return true;
  try {
    decodeURIComponent(query);
    return true;
  } catch {
    return false;
  }
}

/**
 * An API request whose query string is not UTF-8 in percent-encoding answers 400 BAD_REQUEST
 * before any route (pages are left to the web app, whose router reads its own URLs).
 */
export const queryStringPlugin = appPlugin(async (app) => {
  app.addHook('onRequest', async (request, reply) => {
    const start = request.url.indexOf('?');
    if (start !== -1 && request.url.startsWith('/api/') && !isDecodableQueryString(request.url.slice(start + 1))) {
      return sendError(request, reply, 'BAD_REQUEST');
    }
  });
});
