import { z } from 'zod';

/**
 * Lists an admin, a seller or a buyer works through page with a cursor: keyset on a timestamp and
 * the row id (no row skipped or shown twice when rows are added meanwhile), the total waiting with
 * every page, and no silent cap. The cursor is opaque to clients: base64url of `[at, id]`.
 */
export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;

/** Where a page ends: the last row's sort timestamp (ISO 8601) and id. */
export interface CursorKey {
  at: string;
  id: string;
}

const ZCursorKey = z.tuple([z.iso.datetime({ offset: true }), z.string().min(1).max(64)]);

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** base64url (RFC 4648 §5, unpadded) of an ASCII text: what a cursor holds (an ISO time and an id). */
function toBase64Url(text: string): string {
  let out = '';
  for (let index = 0; index < text.length; index += 3) {
    const [a, b, c] = [text.charCodeAt(index), text.charCodeAt(index + 1), text.charCodeAt(index + 2)];
    const bits = (a << 16) | ((b || 0) << 8) | (c || 0);
    out += ALPHABET[(bits >> 18) & 63]! + ALPHABET[(bits >> 12) & 63]!;
    if (index + 1 < text.length) out += ALPHABET[(bits >> 6) & 63]!;
    if (index + 2 < text.length) out += ALPHABET[bits & 63]!;
  }
  return out;
}

/** The ASCII text of a base64url string, or null when it is not one. */
function fromBase64Url(value: string): string | null {
  if (!/^[A-Za-z0-9_-]*$/.test(value) || value.length % 4 === 1) return null;
  let out = '';
  for (let index = 0; index < value.length; index += 4) {
    const chunk = value.slice(index, index + 4);
    let bits = 0;
    for (let offset = 0; offset < 4; offset += 1)
      bits = (bits << 6) | (offset < chunk.length ? ALPHABET.indexOf(chunk[offset]!) : 0);
    out += String.fromCharCode((bits >> 16) & 255);
    if (chunk.length > 2) out += String.fromCharCode((bits >> 8) & 255);
    if (chunk.length > 3) out += String.fromCharCode(bits & 255);
  }
  return /^[\x20-\x7e]*$/.test(out) ? out : null;
}

export function encodeCursor(key: CursorKey): string {
  return toBase64Url(JSON.stringify([key.at, key.id]));
}

/** The key of a cursor this API made, or null for anything else. */
export function decodeCursor(cursor: string): CursorKey | null {
  const text = fromBase64Url(cursor);
  if (text === null) return null;
  try {
    const parsed = ZCursorKey.safeParse(JSON.parse(text));
    return parsed.success ? { at: parsed.data[0], id: parsed.data[1] } : null;
  } catch {
    return null;
  }
}

/**
 * `cursor`: where the previous page ended (its `nextCursor`); a malformed one is a 400 (validation.invalidCursor).
 * `limit`: rows per page, `defaultLimit` when absent (lists of heavy rows page by fewer).
 */
export function zPageQuery(defaultLimit: number = PAGE_LIMIT_DEFAULT) {
  return z.object({
    cursor: z
      .string('validation.invalidCursor')
      .max(300, 'validation.invalidCursor')
      .transform((value, context) => {
        const key = decodeCursor(value);
        if (!key) {
          context.addIssue({ code: 'custom', message: 'validation.invalidCursor' });
          return z.NEVER;
        }
        return key;
      })
      .optional(),
    limit: z.coerce
      .number('validation.invalid')
      .int('validation.invalid')
      .min(1, 'validation.invalid')
      .max(PAGE_LIMIT_MAX, 'validation.invalid')
      .default(defaultLimit),
  });
}
export const ZPageQuery = zPageQuery();
export type PageQuery = z.output<typeof ZPageQuery>;
export type PageRequest = z.input<typeof ZPageQuery>;

/** A page: its rows, the cursor of the next one (null on the last) and how many rows the whole list holds. */
export function zPage<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number().int().min(0) });
}
export interface Page<T> {
  items: T[];
  nextCursor: string | null;
  total: number;
}
