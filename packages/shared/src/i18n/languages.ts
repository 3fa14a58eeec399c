export const LANGUAGES = ['es', 'en'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'es';
export const LANGUAGE_STORAGE_KEY = 'tradeops-language';
/**
 * The visitor's chosen language, a cookie (SameSite=Lax, a year) the server renders pages in when
 * their address names none: the address's `?lang` wins over it, and it over the default.
 */
export const LANGUAGE_COOKIE = 'tradeops-language';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The locale numbers, money and dates are written in for each language. Our
 * Spanish speakers trade across Latin America: es-419 writes "$4,300", not the
 * Spain-style "4300 $".
 */
export const LOCALE_BY_LANGUAGE: Record<Language, string> = { es: 'es-419', en: 'en-US' };

export function localeOf(language: string): string {
  return LOCALE_BY_LANGUAGE[pickLanguage(language)];
}

/** Picks a supported language from an Accept-Language header or a stored choice. */
export function pickLanguage(value: string | null | undefined): Language {
  if (!value) return DEFAULT_LANGUAGE;
  for (const part of value.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag && (LANGUAGES as readonly string[]).includes(tag)) return tag as Language;
  }
  return DEFAULT_LANGUAGE;
}

/** The language a Cookie header (or `document.cookie`) saves, or null without a valid one. */
export function cookieLanguage(cookies: string | null | undefined): Language | null {
  for (const pair of (cookies ?? '').split(';')) {
    const [name, value] = pair.split('=').map((part) => part.trim());
    if (name === LANGUAGE_COOKIE && (LANGUAGES as readonly string[]).includes(value ?? '')) return value as Language;
  }
  return null;
}
