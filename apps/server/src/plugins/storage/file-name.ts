const FILE_NAME_MAX_LENGTH = 120;

/**
 * The original name of an upload made safe to store and show: no path, no
 * control or shell-special characters, bounded length, extension kept.
 */
export function sanitizeFileName(original: string, fallback = 'file'): string {
  const base = original.split(/[/\\]/).pop() ?? '';
  const cleaned = base
    .normalize('NFC')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[^\p{L}\p{N} ._()-]/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/_+/g, '_')
    .replace(/^[\s.]+|[\s.]+$/g, '');
  if (cleaned === '') return fallback;
  if (cleaned.length <= FILE_NAME_MAX_LENGTH) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, FILE_NAME_MAX_LENGTH - extension.length).trimEnd() + extension;
}
