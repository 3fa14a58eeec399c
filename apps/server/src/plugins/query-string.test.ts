import { describe, expect, it } from 'vitest';
import { isDecodableQueryString } from './query-string';

describe('query string check', () => {
  it('accepts plain and percent-encoded UTF-8, NUL included (the schemas refuse that one)', () => {
    for (const query of ['', 'q=cafe', 'q=caf%C3%A9+verde&page=2', 'q=%F0%9F%9A%A2', 'q=%00', 'a=1&a=2', 'q=100%25'])
      expect(isDecodableQueryString(query), query).toBe(true);
  });

  it('refuses bytes that are not UTF-8: a lone surrogate, an overlong NUL, a stray %', () => {
    for (const query of ['q=a%ED%A0%80b', 'q=%C0%80', 'q=100%', 'page=1&q=%ff', 'q%ED%A0%80=1'])
      expect(isDecodableQueryString(query), query).toBe(false);
  });
});
