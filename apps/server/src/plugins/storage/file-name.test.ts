import { describe, expect, it } from 'vitest';
import { sanitizeFileName } from './file-name';

describe('sanitizeFileName', () => {
  it('keeps ordinary names, accents included', () => {
    expect(sanitizeFileName('Cédula de identidad (frente).pdf')).toBe('Cédula de identidad (frente).pdf');
  });

  it('drops any path the client sent', () => {
    expect(sanitizeFileName('../../etc/passwd')).toBe('passwd');
    expect(sanitizeFileName('C:\\Users\\ana\\RIF.pdf')).toBe('RIF.pdf');
  });

  it('replaces special and control characters', () => {
    expect(sanitizeFileName('a<b>c|d"e\u0000f.pdf')).toBe('a_b_c_d_ef.pdf');
    expect(sanitizeFileName('  .hidden.pdf  ')).toBe('hidden.pdf');
  });

  it('falls back when nothing is left', () => {
    expect(sanitizeFileName('../..')).toBe('file');
    expect(sanitizeFileName('', 'documento')).toBe('documento');
  });

  it('bounds the length and keeps the extension', () => {
    const name = sanitizeFileName(`${'x'.repeat(300)}.pdf`);
    expect(name).toHaveLength(120);
    expect(name.endsWith('.pdf')).toBe(true);
  });
});
