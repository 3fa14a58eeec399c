import AxeBuilder from '@axe-core/playwright';
import { type Page, expect } from '@playwright/test';

/**
 * The accessibility check of every spec: no serious or critical axe-core violation on the page as
 * it is now (soft, so a sweep reports every page that fails, not only the first).
 *
 * Cheaper than AxeBuilder's defaults, measured on the landing page under CI load: legacy mode runs
 * axe.run() in the page (we have no cross-origin frames) instead of runPartial per frame plus
 * finishRun in a new blank page, a third less per check; only violations are collected. The
 * colour-contrast rule is most of what remains (1.9 s of 2.1 s in the page): colours do not depend
 * on the language, so the sweep checks contrast once per page, in Spanish, and every other rule in
 * both languages (`contrast: false`).
 */
export async function expectNoSeriousAxeViolation(page: Page, { contrast = true } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });
  if (!contrast) builder = builder.disableRules(['color-contrast']);
  const results = await builder.analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect
    .soft(
      serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      `axe on ${new URL(page.url()).pathname}`,
    )
    .toEqual([]);
}
