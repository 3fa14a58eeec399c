import { DEFAULT_LANGUAGE, LANGUAGES, type Language, dropDoubledStops, pickLanguage } from '@tradeops/shared';
import en from '@tradeops/shared/i18n/en.json';
import es from '@tradeops/shared/i18n/es.json';
import { type FastifyRequest } from 'fastify';
import { type TranslateParams } from '../errors';
import { appPlugin } from './app-plugin';

declare module 'fastify' {
  interface FastifyRequest {
    /** The language answers are written in: x-lang, else Accept-Language, else Spanish. */
    lang: Language;
    t(key: string, params?: TranslateParams): string;
  }
}

export type { TranslateParams };

const CATALOGS: Record<Language, unknown> = { es, en };

function lookup(catalog: unknown, key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      catalog,
    );
}

/** Whether a message key exists (the shared zod schemas use keys as their messages). */
export function hasMessage(key: string): boolean {
  return typeof lookup(CATALOGS[DEFAULT_LANGUAGE], key) === 'string';
}

/**
 * A catalog message with {{placeholders}} filled (a value that ends a sentence takes the message's
 * full stop after it: "S.A.", never "S.A.."); Spanish when a language lacks it, the key itself as a last resort.
 */
export function translate(lang: Language, key: string, params: TranslateParams = {}): string {
  const found = lookup(CATALOGS[lang], key) ?? lookup(CATALOGS[DEFAULT_LANGUAGE], key);
  const text = typeof found === 'string' ? found : key;
  const filled = text.replace(/{{\s*(\w+)\s*}}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
  return dropDoubledStops(filled, Object.values(params));
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

/** Computed from the headers, so it also holds for requests that fail before any hook ran. */
export function getRequestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const explicit = request.headers['x-lang'];
  const choice = (Array.isArray(explicit) ? explicit[0] : explicit)?.trim().toLowerCase().slice(0, 2);
  if (choice && isLanguage(choice)) return choice;
  return pickLanguage(request.headers['accept-language']);
}

export const i18nPlugin = appPlugin(async (app) => {
  app.decorateRequest('lang', DEFAULT_LANGUAGE);
  app.decorateRequest('t', function (this: FastifyRequest, key: string, params?: TranslateParams) {
    return translate(this.lang, key, params);
  });
  app.addHook('onRequest', async (request, reply) => {
    request.lang = getRequestLanguage(request);
    reply.header('content-language', request.lang);
    reply.header('vary', 'Accept-Language, X-Lang');
  });
});
