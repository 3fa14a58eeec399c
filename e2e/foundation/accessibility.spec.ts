import { expect, test } from '../support/test';
import { expectNoSeriousAxeViolation } from '../support/axe';
import { type DemoRole, loginAs } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * The axe sweep: every public page, the operation detail (the teaser a visitor sees and the page a
 * buyer sees), the dashboards, settings and the offer wizard, in both languages. One test per role
 * and language visits its pages in one signed-in browser context.
 */
const PAGES: Record<DemoRole | 'visitor', string[]> = {
  visitor: ['/', '/operations', '/about', '/services/financing', '/blog', '/contact', '/operation/featured'],
  buyer: ['/operation/featured', '/buyer/dashboard', '/buyer/settings'],
  seller: ['/make-offer', '/seller/dashboard', '/seller/offers'],
  admin: ['/admin', '/admin/settings'],
  kycPending: [],
};

test.describe('accessibility', () => {
  for (const language of ['es', 'en'] as const) {
    for (const [role, paths] of Object.entries(PAGES)) {
      if (paths.length === 0) continue;
      test(`axe finds no serious or critical violation (${language}, ${role}): ${paths.join(' ')}`, async ({
        page,
        baseURL,
      }) => {
        test.setTimeout(30_000 + paths.length * 15_000);
        await chooseLanguage(page, language);
        if (role !== 'visitor') await loginAs(page, role as DemoRole, baseURL);
        for (const path of paths) {
          await test.step(path, async () => {
            await page.goto(path);
            await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
            await expect(page.locator('html')).toHaveAttribute('lang', language);
            await page.waitForLoadState('networkidle');
            await expectNoSeriousAxeViolation(page, { contrast: language === 'es' });
          });
        }
      });
    }
  }
});
