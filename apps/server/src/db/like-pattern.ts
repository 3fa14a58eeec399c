/**
 * An ILIKE pattern matching `text` anywhere, with the user's own %, _ and \
 * taken literally (backslash is PostgreSQL's default LIKE escape).
 */
export function toContainsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}
