import { describe, expect, it } from 'vitest';
import { INVALID_CHARACTERS_MESSAGE, hasInvalidCharacters, zText } from './safe-text';

describe('safe text', () => {
  it('refuses NUL, other control characters and lone surrogates on one line', () => {
    for (const bad of [
      'a\u0000b',
      'a\u0001',
      '\u001bc',
      'tab\there',
      'line\nbreak',
      'del\u007f',
      'c1\u0085',
      'x\ud800',
      '\udfffy',
      'a\ud800\ud800',
    ])
      expect(hasInvalidCharacters(bad), JSON.stringify(bad)).toBe(true);
  });

  it('keeps tab and line breaks in multi-line text, but nothing else', () => {
    expect(hasInvalidCharacters('Hola,\r\n\tequipo\n', { multiline: true })).toBe(false);
    expect(hasInvalidCharacters('Hola\u0000', { multiline: true })).toBe(true);
    expect(hasInvalidCharacters('Hola\u000b', { multiline: true })).toBe(true);
    expect(hasInvalidCharacters('Hola\ud83d', { multiline: true })).toBe(true);
  });

  it('accepts what people write: accents, emoji (paired surrogates), right-to-left marks', () => {
    for (const good of ['Café São Paulo', 'Ñandú 🚢 €', '𝕋𝕣𝕒𝕕𝕖', '\u202eمرحبا', "O'Brien & Sons <ok>", ''])
      expect(hasInvalidCharacters(good), good).toBe(false);
  });

  it('trims, refuses with the catalog key, and chains the field rules', () => {
    const schema = zText({ error: 'validation.required' }).min(1, 'validation.required').max(5, 'validation.tooLong');
    expect(schema.parse('  abc \n')).toBe('abc');
    expect(schema.safeParse('a\u0000').error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(schema.safeParse('a\ud800').error?.issues[0]?.message).toBe(INVALID_CHARACTERS_MESSAGE);
    expect(schema.safeParse(undefined).error?.issues[0]?.message).toBe('validation.required');
    expect(schema.safeParse('abcdef').error?.issues[0]?.message).toBe('validation.tooLong');
    expect(zText({ trim: false }).parse(' pass word ')).toBe(' pass word ');
    expect(zText({ multiline: true }).parse('uno\ndos')).toBe('uno\ndos');
  });
});
