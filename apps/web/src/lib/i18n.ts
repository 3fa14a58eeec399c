import {
  DEFAULT_LANGUAGE,
  LANGUAGE_QUERY_PARAM,
  LANGUAGE_STORAGE_KEY,
  LANGUAGES,
  SENTENCE_END_POST_PROCESSOR,
  parseLanguageParam,
  sentenceEndPostProcessor,
  pickLanguage,
  type Language,
} from '@tradeops/shared';
import es from '@tradeops/shared/i18n/es.json';
import i18n, { type ParseKeys, type TFunction } from 'i18next';
import { initReactI18next } from 'react-i18next';

/**
 * One i18next instance for the app, fed by the shared catalogs (the server
 * answers from the same ones). Spanish is bundled with the app because it is
 * the default; other languages are fetched on demand so the landing page does
 * not pay for a catalog most visitors never read.
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

const catalogLoaders: Record<Language, () => Promise<Catalog>> = {
  es: () => Promise.resolve(es),
  en: () => import('@tradeops/shared/i18n/en.json').then((module) => module.default),
};

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
    resources: { es: { translation: es } },
    partialBundledLanguages: true,
    initAsync: false,
    returnNull: false,
    interpolation: { escapeValue: false },
    postProcess: [SENTENCE_END_POST_PROCESSOR],
    react: { useSuspense: false },
  });
i18n.on('languageChanged', syncDocumentLanguage);
syncDocumentLanguage(i18n.language);

export function readStoredLanguage(): Language {
  try {
    return pickLanguage(window.localStorage.getItem(LANGUAGE_STORAGE_KEY));
  } catch {
    // Storage can be unavailable (private mode, blocked cookies): fall back to the default.
    return DEFAULT_LANGUAGE;
  }
}

export function currentLanguage(): Language {
  return pickLanguage(i18n.resolvedLanguage ?? i18n.language);
}

/** Loads a language's catalog once (Spanish is bundled). */
export async function ensureCatalog(language: Language): Promise<void> {
  if (i18n.hasResourceBundle(language, 'translation')) return;
  const catalog = await catalogLoaders[language]();
  i18n.addResourceBundle(language, 'translation', catalog, true, true);
}

/** Switches the UI language for this visit (an address naming one: `?lang=en`). */
export async function applyLanguage(language: Language): Promise<void> {
  await ensureCatalog(language);
  await i18n.changeLanguage(language);
}

/** Switches the UI language and remembers the choice for the next visit. */
export async function setLanguage(language: Language): Promise<void> {
  await applyLanguage(language);
  try {
    window.localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting is acceptable: the switch still applies to this visit.
  }
}

/** The language the page's address names (`?lang=en`), or null. */
export function readAddressLanguage(): Language | null {
  if (typeof window === 'undefined') return null;
  return parseLanguageParam(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY_PARAM));
}

/**
 * Applies the address's language (`?lang=en`: the page a shared link or a search result
 * promised), else the stored one, before the first render, so nobody sees a flash of Spanish.
 */
export async function restoreLanguage(): Promise<void> {
  const language = readAddressLanguage() ?? readStoredLanguage();
  if (language === currentLanguage()) return;
  await ensureCatalog(language);
  await i18n.changeLanguage(language);
}

/** A country's name in the UI language; an unknown code is shown as is rather than as a raw key. */
export function countryName(t: TFunction, code: string): string {
  const key = `countries.${code.toUpperCase()}`;
  return i18n.exists(key) ? t(key as TranslationKey) : code;
}

export { i18n };
