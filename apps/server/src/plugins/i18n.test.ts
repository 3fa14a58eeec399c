import { describe, expect, it } from 'vitest';
import en from '@tradeops/shared/i18n/en.json';
import es from '@tradeops/shared/i18n/es.json';
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

describe('translate: a name at the end of a sentence', () => {
  const SELLER = 'Comercializadora Rioplatense S.A.';

  it('keeps one full stop after "S.A." in mails, PDFs and messages', () => {
    expect(translate('es', 'disputes.openedByParticipant', { date: '3 de marzo', company: SELLER })).toBe(
      'Abierta el 3 de marzo por Comercializadora Rioplatense S.A.',
    );
    expect(translate('en', 'kyc.mail.rejectedText', { name: 'Ana', company: SELLER, reason: 'Illegible ID.' })).toBe(
      'Hello Ana,\n\nWe could not verify Comercializadora Rioplatense S.A. Reason: Illegible ID.\n\nFix the documents and send them again from TradeOps.',
    );
  });

  it('never doubles a stop in any catalog message whose placeholders end a sentence', () => {
    for (const language of ['es', 'en'] as const) {
      for (const key of messageKeysWithStopAfterPlaceholder(language)) {
        const names = [...new Set([...lookupMessage(language, key).matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]!))];
        const text = translate(language, key, Object.fromEntries(names.map((name) => [name, SELLER])));
        expect(text, `${language}:${key}`).not.toContain('S.A..');
      }
    }
  });
});

function lookupMessage(language: 'es' | 'en', key: string): string {
  const catalog: unknown = language === 'es' ? es : en;
  return key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown>)[part], catalog) as string;
}

function messageKeysWithStopAfterPlaceholder(language: 'es' | 'en'): string[] {
  const keys: string[] = [];
  const visit = (node: unknown, prefix: string) => {
    if (typeof node === 'string') {
      if (/{{\s*\w+\s*}}\.(?!\.)/.test(node)) keys.push(prefix);
      return;
    }
    for (const [name, child] of Object.entries(node as Record<string, unknown>)) {
      visit(child, prefix ? `${prefix}.${name}` : name);
    }
  };
  visit(language === 'es' ? es : en, '');
  return keys;
}
