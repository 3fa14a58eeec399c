/**
 * Intl formatters, made once per locale and options and reused. Building an Intl.NumberFormat or
 * DateTimeFormat costs far more than formatting with one (the catalogue's prices were the browser's
 * most expensive function while a page loaded: a new formatter per price); the web, the server
 * renderer and the mails all format through these.
 */
const MAX_FORMATTERS = 256;
const numberFormats = new Map<string, Intl.NumberFormat>();
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

function cached<F>(cache: Map<string, F>, key: string, make: () => F): F {
  let formatter = cache.get(key);
  if (!formatter) {
    // The options come from a handful of call sites (and the reader's time zone): a cap only guards a mistake.
    if (cache.size >= MAX_FORMATTERS) cache.clear();
    formatter = make();
    cache.set(key, formatter);
  }
  return formatter;
}

export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return cached(numberFormats, `${locale}|${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return cached(
    dateTimeFormats,
    `${locale}|${JSON.stringify(options)}`,
    () => new Intl.DateTimeFormat(locale, options),
  );
}
