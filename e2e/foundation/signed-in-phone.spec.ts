import { type Page, expect, test } from '../support/test';
import { LANGUAGE_STORAGE_KEY, type Language } from '@tradeops/shared';
import { type DemoRole, loginAs } from '../support/login';

/**
 * Issue 23, item 10: on a phone the signed-in areas' links were a strip cut mid-word ("Operaciones
 * por a", "Configurac") with no sign of more, and the seller dashboard's header text was squeezed into
 * a narrow column beside its button. Every link must now be whole and on screen, and the header text
 * as wide as the page.
 */
const AREAS: {
  role: DemoRole;
  path: string;
  navigation: Record<Language, string>;
  heading: Record<Language, string>;
}[] = [
  {
    role: 'admin',
    path: '/admin',
    navigation: { es: 'Administración', en: 'Administration' },
    heading: { es: 'Panel de administración', en: 'Admin panel' },
  },
  {
    role: 'seller',
    path: '/seller/dashboard',
    navigation: { es: 'Área del vendedor', en: 'Seller area' },
    heading: { es: 'Panel del vendedor', en: 'Seller dashboard' },
  },
];

async function inLanguage(page: Page, language: Language) {
  await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
    LANGUAGE_STORAGE_KEY,
    language,
  ] as const);
}

for (const language of ['es', 'en'] as const) {
  for (const area of AREAS) {
    test(`the ${area.role} area's links and header fit a phone, whole (${language}) @phone`, async ({
      page,
      baseURL,
    }) => {
      await inLanguage(page, language);
      await loginAs(page, area.role, baseURL);
      await page.goto(area.path);
      const heading = page.getByRole('heading', { level: 1, name: area.heading[language] });
      await expect(heading).toBeVisible({ timeout: 30_000 });

      const viewportWidth = page.viewportSize()!.width;
      const links = page.getByRole('navigation', { name: area.navigation[language] }).getByRole('link');
      expect(await links.count()).toBeGreaterThanOrEqual(4);
      for (const link of await links.all()) {
        const box = (await link.boundingBox())!;
        const name = await link.innerText();
        expect(box.x, name).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, name).toBeLessThanOrEqual(viewportWidth);
        // Nothing of its text hidden: no clipped overflow inside the link.
        expect(await link.evaluate((element) => element.scrollWidth <= element.clientWidth), name).toBe(true);
      }

      // The header's text block spans the page; any action sits under it, not beside it.
      const header = page.locator('header', { has: heading });
      const text = (await heading.locator('..').boundingBox())!;
      expect(text.width).toBeGreaterThanOrEqual((await header.boundingBox())!.width - 1);

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
}
