import { type Page, expect, test } from '@playwright/test';
import { LANGUAGE_STORAGE_KEY } from '@tradeops/shared';
import en from '@tradeops/shared/i18n/en.json' with { type: 'json' };
import es from '@tradeops/shared/i18n/es.json' with { type: 'json' };
import { demoId } from '../../apps/server/src/db/seed/demo-ids';
import { type DemoRole, loginAs, signUpFresh } from '../support/login';

/**
 * Issue 23, item 8: English pages showed Spanish (the featured card's "Regular 26% de materia grasa",
 * Spanish titles in /admin/operations, template keys in /admin/outbox). Each role walks its pages in
 * English; a page fails on any word that only the Spanish catalog uses (what a Spanish message or a
 * Spanish-only data field leaves behind), or on the demo deals' Spanish titles and specification lines.
 * What people wrote themselves (company, bank and warehouse names, addresses) stays as written.
 */
const FEATURED = demoId('operation:milk-powder-regular');

function words(text: string): string[] {
  return (
    text
      // Addresses, links, uploaded files' names and placeholders are no sentence of the page.
      .replace(/\S+@\S+|https?:\/\/\S+|\S+\.(?:pdf|png|jpe?g|webp)\b|{{\s*\w+\s*}}/gi, ' ')
      .toLowerCase()
      .match(/\p{L}{4,}/gu) ?? []
  );
}

function messages(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  return Object.values(node as Record<string, unknown>).flatMap(messages);
}

const englishWords = new Set(messages(en).flatMap(words));
/** Words of proper names in the demo data (companies, banks, people, places), the same in both languages. */
const NAMES = new Set(
  words(
    'Atlántico Sur Trading; Cambio Austral Brokers; Caribe Global Traders; Distribuidora Caribe Alimentos; ' +
      'Comercializadora Rioplatense; Importadora Andina; Banco Atlántico Internacional; Almacén LogiPuerto; ' +
      'Cámara frigorífica; Martín Olivera; Carlos Rivas; Diego Contreras; Laura Méndez; Montevideo; Guaira',
  ),
);
const SPANISH_ONLY = new Set(
  [
    ...messages(es).flatMap(words),
    // Words of the demo deals' Spanish titles and specification lines (their English versions exist).
    ...words('leche polvo materia grasa licor cacao café arábica cortes carne'),
  ].filter((word) => !englishWords.has(word) && !NAMES.has(word)),
);

async function spanishOn(page: Page, path: string): Promise<string[]> {
  await page.goto(path);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.locator('main')).not.toBeEmpty({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  // Every shown text node, one by one (a mail's own text, inside <details>, is in its recipient's language).
  const text = await page.locator('main').evaluate((main) => {
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    const parts: string[] = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (parent && !parent.closest('details') && parent.checkVisibility()) parts.push(node.textContent ?? '');
    }
    return parts.join('\n');
  });
  return [...new Set(words(text).filter((word) => SPANISH_ONLY.has(word)))];
}

/** Each role's pages where Spanish was seen, or where data in two languages is shown. */
const PAGES: Record<'visitor' | Exclude<DemoRole, 'kycPending'>, string[]> = {
  visitor: ['/', '/operations', '/about'],
  buyer: ['/buyer/dashboard', `/operation/${FEATURED}`],
  seller: ['/seller/dashboard'],
  admin: ['/admin/operations', '/admin/kyc/operations', `/admin/operations/${FEATURED}`, '/admin/outbox'],
};

for (const [role, paths] of Object.entries(PAGES) as [keyof typeof PAGES, string[]][]) {
  test(`the ${role}'s pages in English show no Spanish`, async ({ page, request, baseURL }) => {
    test.setTimeout(90_000);
    // A sign-up writes a mail to confirm the address (kind auth.verifyMail): the outbox has one to name.
    if (role === 'admin') await signUpFresh(request, baseURL);
    await page.addInitScript(([key, value]) => window.localStorage.setItem(key, value), [
      LANGUAGE_STORAGE_KEY,
      'en',
    ] as const);
    if (role !== 'visitor') await loginAs(page, role, baseURL);
    const found: Record<string, string[]> = {};
    for (const path of paths) {
      const spanish = await spanishOn(page, path);
      if (spanish.length > 0) found[path] = spanish;
    }
    expect(found).toEqual({});
    if (role === 'admin') {
      // The outbox names each mail by what it is, never by its template key (the page is still /admin/outbox).
      const kinds = await page
        .getByRole('table', { name: 'Outgoing mail' })
        .locator('tbody tr td:nth-child(2)')
        .allInnerTexts();
      expect(kinds.length).toBeGreaterThan(0);
      for (const kind of kinds) expect(kind).not.toMatch(/^[a-z]+\.[a-zA-Z_]+$/);
    }
  });
}
