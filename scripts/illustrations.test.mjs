import { describe, expect, it } from 'vitest';
import { ILLUSTRATIONS, illustrationSvg } from './illustrations.mjs';

describe('the bundled illustrations', () => {
  it('draw no words: nothing to translate, nothing under a card title (issue 23: "MILK 26%", "ARABICA")', () => {
    expect(ILLUSTRATIONS.length).toBeGreaterThan(0);
    for (const [name, theme, width, height] of ILLUSTRATIONS) {
      const markup = illustrationSvg(theme, width, height);
      expect(markup, name).toMatch(/^<svg /);
      expect(markup, name).not.toMatch(/<(text|tspan|textPath)\b/);
    }
  });
});
