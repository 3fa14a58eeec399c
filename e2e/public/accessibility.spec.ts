import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { loginAs } from '../support/login';

const PAGES = ['/', '/operations', '/about', '/services/financing', '/blog', '/contact'];

test.describe('accessibility', () => {
  for (const language of ['es', 'en'] as const) {
    for (const path of PAGES) {
      test(`axe finds no serious or critical violation on ${path} (${language})`, async ({ page }) => {
        await page.addInitScript((lang) => window.localStorage.setItem('tradeops-language', lang), language);
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }

  // Operation details need a session: check the page a signed-in buyer sees, and the teaser a visitor sees.
  for (const language of ['es', 'en'] as const) {
    for (const signedIn of [true, false]) {
      test(`axe finds no serious or critical violation on the operation detail (${language}, ${signedIn ? 'buyer' : 'visitor'})`, async ({
        page,
        baseURL,
      }) => {
        await page.addInitScript((lang) => window.localStorage.setItem('tradeops-language', lang), language);
        if (signedIn) await loginAs(page, 'buyer', baseURL);
        await page.goto('/operation/featured');
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await page.waitForLoadState('networkidle');
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
        expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
      });
    }
  }
});
