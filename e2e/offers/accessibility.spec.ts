import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { type DemoRole, loginAs } from '../support/login';

/** The signed-in areas this issue built, checked with axe in both languages. */
const PAGES: [DemoRole, string][] = [
  ['seller', '/make-offer'],
  ['seller', '/seller/dashboard'],
  ['seller', '/seller/products'],
  ['buyer', '/buyer/dashboard'],
  ['buyer', '/buyer/settings'],
  ['admin', '/admin'],
  ['admin', '/admin/settings'],
];

test.describe('accessibility of the dashboards and the offer wizard', () => {
  for (const language of ['es', 'en'] as const) {
    for (const [role, path] of PAGES) {
      test(`axe finds no serious or critical violation on ${path} (${language}, ${role})`, async ({
        page,
        baseURL,
      }) => {
        await page.addInitScript((lang) => window.localStorage.setItem('tradeops-language', lang), language);
        await loginAs(page, role, baseURL);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});
