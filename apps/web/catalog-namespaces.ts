import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { type Plugin } from 'vite';
import { CATALOG_NAMESPACES, type CatalogNamespace, catalogNamespace } from '@tradeops/shared/i18n/namespaces';

const PREFIX = 'virtual:catalog/';
// Resolved to `\0catalog/es-public`: the chunk is named after the language and namespace (es-public-….js).
const RESOLVED_PREFIX = '\0catalog/';
const LANGUAGES = ['es', 'en'];

function catalogFile(language: string): string {
  return fileURLToPath(new URL(`../../packages/shared/src/i18n/${language}.json`, import.meta.url));
}

/**
 * `virtual:catalog/<language>/<namespace>`: one namespace of a language's catalog
 * (packages/shared/src/i18n/namespaces.ts), cut from the shared catalog file at build time, so the
 * catalogs stay one file per language and each page's chunk carries only the texts it renders.
 */
export function catalogNamespaces(): Plugin {
  return {
    name: 'tradeops-catalog-namespaces',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? RESOLVED_PREFIX + id.slice(PREFIX.length).replace('/', '-') : null;
    },
    load(id) {
      if (!id.startsWith(RESOLVED_PREFIX)) return null;
      const [language = '', namespace = ''] = id.slice(RESOLVED_PREFIX.length).split('-');
      if (!LANGUAGES.includes(language) || !(CATALOG_NAMESPACES as readonly string[]).includes(namespace)) {
        this.error(`Unknown catalog namespace ${id.slice(RESOLVED_PREFIX.length)}`);
      }
      const file = catalogFile(language);
      this.addWatchFile(file);
      const part = catalogNamespace(JSON.parse(readFileSync(file, 'utf8')), namespace as CatalogNamespace);
      // JSON.parse of a string literal: parsed faster than the same object as JavaScript.
      return `export default JSON.parse(${JSON.stringify(JSON.stringify(part))});`;
    },
  };
}
