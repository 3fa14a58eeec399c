import { describe, expect, it } from 'vitest';
import { getRequestLanguage, hasMessage, translate } from './i18n';

describe('translate', () => {
  it('reads the catalog of the language', () => {
    expect(translate('es', 'errors.FORBIDDEN')).toBe('Acceso no autorizado');
    expect(translate('en', 'errors.FORBIDDEN')).toBe('Unauthorized access');
  });

  it('fills placeholders', () => {
    expect(translate('en', 'errors.RATE_LIMITED', { seconds: 30 })).toBe(
      'Too many attempts. Wait 30 seconds and try again.',
    );
  });

  it('falls back to the key for an unknown message', () => {
    expect(translate('en', 'errors.NO_SUCH_THING')).toBe('errors.NO_SUCH_THING');
    expect(hasMessage('validation.searchTooLong')).toBe(true);
    expect(hasMessage('Invalid input')).toBe(false);
    expect(hasMessage('errors')).toBe(false);
  });
});

describe('getRequestLanguage', () => {
  const language = (headers: Record<string, string>) => getRequestLanguage({ headers });

  it('prefers x-lang, then Accept-Language, then Spanish', () => {
    expect(language({ 'x-lang': 'en', 'accept-language': 'es-ES' })).toBe('en');
    expect(language({ 'accept-language': 'en-US,en;q=0.9' })).toBe('en');
    expect(language({ 'x-lang': 'fr', 'accept-language': 'en' })).toBe('en');
    expect(language({ 'accept-language': 'de-DE' })).toBe('es');
    expect(language({})).toBe('es');
  });
});
