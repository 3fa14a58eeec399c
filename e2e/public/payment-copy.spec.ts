import { type Page, expect, test } from '../support/test';
import { demoId } from '../../apps/server/src/seed/demo-ids';
import { loginAs } from '../support/login';

/**
 * Issue 16 (item 7): the payment page of the buyer's seeded order (the featured deal): a reference in
 * the alphabet without look-alikes, and copy buttons for it and for the escrow account number that
 * put the value on the clipboard and say so — on a desktop and at phone width.
 */
const FEATURED = demoId('operation:milk-powder-regular');
/** "TO-" and 10 characters, none of 0/O, 1/I/L or U (packages/shared/src/orders/payment-reference.ts). */
const REFERENCE = /^TO-[2-9A-HJKMNP-TV-Z]{10}$/;

const TEXT = {
  es: { reference: 'Copiar la referencia de pago', account: 'Copiar el número de cuenta', copied: 'Copiado' },
  en: { reference: 'Copy the payment reference', account: 'Copy the account number', copied: 'Copied' },
} as const;

async function checkCopyButtons(page: Page, language: 'es' | 'en', baseURL: string | undefined) {
  const text = TEXT[language];
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  await loginAs(page, 'buyer', baseURL, { language });
  await page.goto(`/operation/${FEATURED}/participate`);

  const reference = (await page.getByTestId('payment-reference').innerText({ timeout: 45_000 })).trim();
  expect(reference).toMatch(REFERENCE);
  const account = (await page.getByTestId('escrow-account-number').innerText()).trim();
  expect(account).not.toBe('');

  const copyReference = page.getByRole('button', { name: text.reference });
  await copyReference.click();
  await expect(copyReference).toHaveText(text.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reference);

  const copyAccount = page.getByRole('button', { name: text.account });
  await copyAccount.click();
  await expect(copyAccount).toHaveText(text.copied);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(account);

  // Nothing scrolls sideways at this width.
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

for (const language of ['es', 'en'] as const) {
  test(`the payment page copies the reference and the account number (${language})`, async ({ page, baseURL }) => {
    await checkCopyButtons(page, language, baseURL);
  });

  test(`the payment page copies the reference and the account number at phone width (${language}) @phone`, async ({
    page,
    baseURL,
  }) => {
    await checkCopyButtons(page, language, baseURL);
  });
}
