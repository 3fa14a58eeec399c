import { expect, test } from '../support/test';
import { chooseLanguage } from '../support/language';

/** Issue 16 item 4: the terms, the privacy policy and the escrow agreement are public pages linked from the footer. */
const DOCUMENTS = {
  es: [
    { link: 'Términos de servicio', path: '/terms', text: 'Comisión de la plataforma' },
    { link: 'Política de privacidad', path: '/privacy', text: 'Tus derechos' },
    { link: 'Acuerdo de escrow', path: '/escrow-agreement', text: 'Durante 7 días después de la llegada' },
  ],
  en: [
    { link: 'Terms of service', path: '/terms', text: 'Platform fee' },
    { link: 'Privacy policy', path: '/privacy', text: 'Your rights' },
    { link: 'Escrow agreement', path: '/escrow-agreement', text: 'For 7 days after arrival' },
  ],
} as const;

for (const language of ['es', 'en'] as const) {
  const documents = DOCUMENTS[language];
  test(`the footer links to the three legal documents and each renders (${language})`, async ({ page }) => {
    test.setTimeout(90_000);
    await chooseLanguage(page, language);
    // A light content page (the landing's live widgets slow a loaded machine); the footer is the same everywhere.
    await page.goto('/about');
    const footer = page.locator('footer');
    for (const document of documents) {
      await footer.getByRole('link', { name: document.link, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${document.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: document.link })).toBeVisible();
      await expect(page.getByText(document.text).first()).toBeVisible();
      await expect(page.getByTestId('legal-version')).toHaveText(/\d{4}-\d{2}-\d{2}/);
    }
    // The escrow agreement says when money is released and what the platform takes.
    await expect(
      page.getByText(language === 'es' ? /2 % por defecto del pago al vendedor/ : /2 % of the seller's payout/),
    ).toBeVisible();
  });
}
