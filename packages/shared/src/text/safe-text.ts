import { z } from 'zod';

/**
 * What no text field may hold: control characters (C0, DEL, C1), which nobody types and
 * PostgreSQL refuses in part (NUL: "invalid byte sequence", SQLSTATE 22021 in text, 22P05 in
 * jsonb), and lone UTF-16 surrogates, which JSON can carry (`"\ud800"`) but UTF-8 cannot:
 * PostgreSQL refuses them in jsonb (22P02) and the drivers silently turn them into U+FFFD in
 * text. Multi-line text keeps tab, line feed and carriage return.
 */
const FORBIDDEN_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const FORBIDDEN_IN_MULTILINE = /(?![\t\n\r])\p{Cc}|\p{Cs}/u;

/** The catalog key of the field message for a refused character. */
export const INVALID_CHARACTERS_MESSAGE = 'validation.invalidCharacters';

export interface TextOptions {
  /** Tab, line feed and carriage return allowed (messages, descriptions, reasons). */
  multiline?: boolean;
}

/** True when the text holds a character no field may hold (see above). */
export function hasInvalidCharacters(value: string, options: TextOptions = {}): boolean {
  return (options.multiline ? FORBIDDEN_IN_MULTILINE : FORBIDDEN_IN_LINE).test(value);
}

/**
 * The one text primitive of every free-text field the API reads (bodies, query strings, path
 * parameters, multipart fields): a string, trimmed unless `trim: false` (passwords, tokens),
 * refused with `validation.invalidCharacters` when it holds a control character or a lone
 * surrogate. Chain the field's own rules after it: `zText().min(1, …).max(120, …)`.
 * `error` is the message when the value is missing or not a string.
 */
export function zText(options: TextOptions & { trim?: boolean; error?: string } = {}) {
  const base = options.error === undefined ? z.string() : z.string(options.error);
  return (options.trim === false ? base : base.trim()).refine(
    (value) => !hasInvalidCharacters(value, options),
    INVALID_CHARACTERS_MESSAGE,
  );
}
