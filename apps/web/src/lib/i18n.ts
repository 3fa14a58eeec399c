import {
  CATALOG_NAMESPACES,
  type CatalogNamespace,
  cookieLanguage,
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  SENTENCE_END_POST_PROCESSOR,
  parseLanguageParam,
  sentenceEndPostProcessor,
  pickLanguage,
  type Language,
} from '@tradeops/shared';
import type es from '@tradeops/shared/i18n/es.json';
import i18n, { type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';
import publicEs from 'virtual:catalog/es/public';

/**
 * One i18next instance for the app, fed by the shared catalogs (the server answers from the same
 * ones). The catalogs are split by area into namespaces at build time (packages/shared/src/i18n/
 * namespaces.ts); they all fill i18next's one namespace, so a key reads the same wherever its text
 * lives. Only the Spanish public chrome and landing are bundled with the app: each route names the
 * namespaces it renders (its handle's `namespaces`), loaded before it renders, and another language
 * is fetched on demand.
 */
export type Catalog = typeof es;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Catalog };
  }
}

/** Any key of the catalog, e.g. 'pages.about'. */
export type TranslationKey = ParseKeys;

type CatalogPart = Record<string, unknown>;
const part = (module: { default: CatalogPart }) => module.default;

/** Each language's namespaces, one chunk apiece (the import names are static so the build can split them). */
const namespaceLoaders: Record<Language, Record<CatalogNamespace, () => Promise<CatalogPart>>> = {
  es: {
    public: () => Promise.resolve(publicEs),
    site: () => import('virtual:catalog/es/site').then(part),
    errors: () => import('virtual:catalog/es/errors').then(part),
    account: () => import('virtual:catalog/es/account').then(part),
    admin: () => import('virtual:catalog/es/admin').then(part),
    deals: () => import('virtual:catalog/es/deals').then(part),
  },
  en: {
    public: () => import('virtual:catalog/en/public').then(part),
    site: () => import('virtual:catalog/en/site').then(part),
    errors: () => import('virtual:catalog/en/errors').then(part),
    account: () => import('virtual:catalog/en/account').then(part),
    admin: () => import('virtual:catalog/en/admin').then(part),
    deals: () => import('virtual:catalog/en/deals').then(part),
  },
};

/** The namespaces this visit has needed so far: a language switch loads them in the new language. */
const neededNamespaces = new Set<CatalogNamespace>(['public']);
const namespaceLoads = new Map<string, Promise<void>>();

function syncDocumentLanguage(language: string): void {
  if (typeof document !== 'undefined') document.documentElement.lang = language;
}

// A name or reason that ends a sentence takes the message's full stop ("S.A.", never "S.A..").
void i18n
  .use(sentenceEndPostProcessor)
  .use(initReactI18next)
  .init({
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    resources: { es: { translation: publicEs } },
    partialBundledLanguages: true,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    postProcess: [SENTENCE_END_POST_PROCESSOR],
    react: { useSuspense: false },
  });
namespaceLoads.set('es/public', Promise.resolve());
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);

/**
 * Loads a language's namespaces (each once) into the catalog. A route's renderer or loader awaits
 * it before rendering, so no key shows raw; they are remembered for a later switch of language.
 */
export function ensureNamespaces(language: Language, namespaces: readonly CatalogNamespace[]): Promise<void> {
  return Promise.all(
    namespaces.map((namespace) => {
      neededNamespaces.add(namespace);
      const id = `${language}/${namespace}`;
      let load = namespaceLoads.get(id);
      if (!load) {
        load = namespaceLoaders[language][namespace]().then((texts) => {
          i18n.addResourceBundle(language, 'translation', texts, true, true);
        });
        // A failed download (offline) is tried again next time rather than remembered.
        load.catch(() => namespaceLoads.delete(id));
        namespaceLoads.set(id, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/** A lazy module's loader that also loads the namespaces its components render, in the page's language. */
export function withTexts<T>(namespaces: readonly CatalogNamespace[], load: () => Promise<T>): () => Promise<T> {
  return async () => (await Promise.all([load(), ensureNamespaces(renderLanguage(), namespaces)]))[0];
}

/** Loads a language's whole catalog (the server renderer reads every page's texts). */
export function ensureCatalog(language: Language): Promise<void> {
  return ensureNamespaces(language, CATALOG_NAMESPACES);
}

function readCookieLanguage(): Language | null {
  return typeof document === 'undefined' ? null : cookieLanguage(document.cookie);
}

function readLocalLanguage(): Language | null {
  try {
    return parseLanguageParam(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies).
    return null;
  }
}

/** The visitor's saved language: the cookie the server renders in, else an older visit's stored choice. */
export function readStoredLanguage(): Language {
  return readCookieLanguage() ?? readLocalLanguage() ?? DEFAULT_LANGUAGE;
}

/** Saves the visitor's language: a cookie the server renders their next pages in (and the local copy). */
function rememberLanguage(language: Language): void {
  if (typeof document === 'undefined') return;
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax`;
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting locally is acceptable: the cookie carries the choice.
  }
}

export function currentLanguage(): Language {
  return pickLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/**
 * The language the next render is in: the one being switched to, else the current one. In the
 * browser it starts as the visitor's (the address's or the saved one), so the code a page loads
 * before the language is restored (main.tsx) fetches its texts in that language.
 */
let targetLanguage: Language | null =
  typeof window === 'undefined' ? null : (readAddressLanguage() ?? readStoredLanguage());
export function renderLanguage(): Language {
  return targetLanguage ?? currentLanguage();
}

/** Switches the UI language for this visit (an address naming one: `?lang=en`). */
export async function applyLanguage(language: Language): Promise<void> {
  targetLanguage = language;
  await ensureNamespaces(language, [...neededNamespaces]);
  await i18n.changeLanguage(language);
  if (targetLanguage === language) targetLanguage = null;
}

/** Switches the UI language and remembers the choice for the next visit (and the server's pages). */
export async function setLanguage(language: Language): Promise<void> {
  rememberLanguage(language);
  await applyLanguage(language);
}

/** The language the page's address names (`?lang=en`), or null. */
export function readAddressLanguage(): Language | null {
  if (typeof window === 'undefined') return null;
  return parseLanguageParam(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM));
}

/**
 * Applies the address's language (`?lang=en`: the page a shared link or a search result
 * promised, remembered as the visitor's choice), else the saved one, before the first render, so
 * nobody sees a flash of Spanish.
 */
export async function restoreLanguage(): Promise<void> {
  const addressed = readAddressLanguage();
  const saved = readCookieLanguage();
  const language = addressed ?? saved ?? readLocalLanguage() ?? DEFAULT_LANGUAGE;
  // Named by the address, or saved before the cookie existed: the server renders the next pages in it.
  if (language !== (saved ?? DEFAULT_LANGUAGE)) rememberLanguage(language);
  targetLanguage = null;
  if (language === currentLanguage()) return;
  await applyLanguage(language);
}

/** A country's name in the UI language; an unknown code is shown as is rather than as a raw key. */
export function countryName(t: TFunction, code: string): string {
  const key = `countries.${code.toUpperCase()}`;
  return i18n.exists(key) ? t(key as TranslationKey) : code;
}

export { i18n };
