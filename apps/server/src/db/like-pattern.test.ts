import { describe, expect, it } from 'vitest';
import { toContainsPattern } from './like-pattern';

describe('toContainsPattern', () => {
  it('wraps the text to match anywhere', () => {
    expect(toContainsPattern('milk')).toBe('%milk%');
  });

  it('takes the user\u2019s wildcards and backslashes literally', () => {
    expect(toContainsPattern('100%')).toBe('%100\\%%');
    expect(toContainsPattern('a_b')).toBe('%a\\_b%');
    expect(toContainsPattern('c:\\d')).toBe('%c:\\\\d%');
  });
});
