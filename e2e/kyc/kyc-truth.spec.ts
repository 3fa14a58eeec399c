import { type APIRequestContext, type Page, expect, test } from '../support/test';
import { confirmEmail } from '../support/email';
import { KYC_UPLOADS, PDF_FILE } from '../support/kyc-files';
import { loginAs, originHeaders, signUpFresh } from '../support/login';
import { chooseLanguage } from '../support/language';

/** The KYC pages' words in each language (packages/shared/src/i18n). */
const COPY = {
  es: {
    missingTitle: 'Faltan documentos',
    reviewing: /Estamos revisando/,
    reviewingText: 'Estamos revisando los documentos de tu empresa. La verificación toma hasta 48 horas hábiles.',
    goToOnboarding: 'Ir a la carga de documentos',
    retryTitle: 'Verificación rechazada',
    noReason: 'No se indicó un motivo.',
    send: 'Enviar a revisión',
    reviewStep: 'Revisión de cumplimiento',
    rejectedTitle: 'Tu verificación fue rechazada',
    documentReason: 'Referencia bancaria — Motivo: La referencia bancaria tiene más de tres meses',
    queueTitle: 'Revisión KYC de usuarios',
    verify: 'Verificar',
  },
  en: {
    missingTitle: 'Documents missing',
    reviewing: /We are reviewing/,
    reviewingText: "We are reviewing your company's documents. Verification takes up to 48 business hours.",
    goToOnboarding: 'Go to document upload',
    retryTitle: 'Verification rejected',
    noReason: 'No reason was given.',
    send: 'Send for review',
    reviewStep: 'Compliance review',
    rejectedTitle: 'Your verification was rejected',
    documentReason: 'Bank reference — Reason: La referencia bancaria tiene más de tres meses',
    queueTitle: 'User KYC review',
    verify: 'Verify',
  },
} as const;
type Language = keyof typeof COPY;

/** Shows the app in `language` from the first paint (the choice lives in localStorage). */
async function useLanguage(page: Page, language: Language) {
  await chooseLanguage(page, language);
}

async function uploadAllByApi(request: APIRequestContext, baseURL: string | undefined) {
  const ids: Record<string, { id: string; revision: number }> = {};
  for (const file of KYC_UPLOADS) {
    const response = await request.post(`/api/kyc/documents/${file.type}`, {
      headers: originHeaders(baseURL),
      multipart: {
        ...('fields' in file ? file.fields : {}),
        file: { name: file.name, mimeType: file.mimeType, buffer: file.buffer },
      },
    });
    expect(response.status(), await response.text()).toBe(200);
    ids[file.type] = ((await response.json()) as { document: { id: string; revision: number } }).document;
  }
  return ids;
}

for (const language of ['es', 'en'] as const) {
  const copy = COPY[language];

  test.describe(`KYC pages say what is true (${language})`, () => {
    test('a pending company without documents reads that they are missing, not that they are under review or rejected', async ({
      page,
      baseURL,
    }) => {
      await useLanguage(page, language);
      await signUpFresh(page.request, baseURL);

      await page.goto('/kyc-cuenta/pendiente');
      await expect(page.getByRole('heading', { level: 1, name: copy.missingTitle })).toBeVisible();
      await expect(page.getByText(copy.reviewing)).toHaveCount(0);
      await expect(page.getByRole('link', { name: copy.goToOnboarding })).toHaveAttribute('href', '/onboarding');

      await page.goto('/kyc-cuenta/reintentar');
      await expect(page).toHaveURL(/\/kyc-cuenta\/pendiente$/);
      await expect(page.getByRole('heading', { level: 1, name: copy.missingTitle })).toBeVisible();
      await expect(page.getByText(copy.retryTitle)).toHaveCount(0);
      await expect(page.getByText(copy.noReason)).toHaveCount(0);
    });

    test('onboarding sends the five documents to review in one click, and the admin sees them', async ({
      browser,
      page,
      baseURL,
    }) => {
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await loginAs(admin, 'admin', baseURL);
      await useLanguage(page, language);
      const email = await signUpFresh(page.request, baseURL);
      await confirmEmail(page.request, admin.request, baseURL, email);
      await uploadAllByApi(page.request, baseURL);

      await page.goto('/onboarding');
      await page.getByRole('button', { name: copy.send }).click();
      await expect(page.getByRole('heading', { level: 2, name: copy.reviewStep })).toBeVisible();
      await expect(page.getByRole('button', { name: copy.send })).toHaveCount(0);

      await page.goto('/kyc-cuenta/pendiente');
      await expect(page.getByText(copy.reviewingText)).toBeVisible();
      const queue = await admin.request.get('/api/admin/kyc/users?limit=100');
      expect(((await queue.json()) as { items: { email: string }[] }).items.map((u) => u.email)).toContain(email);
      await adminContext.close();
    });

    test('a rejected company sees the reason and the rejected document on /onboarding', async ({
      browser,
      page,
      baseURL,
    }) => {
      const adminContext = await browser.newContext();
      const admin = await adminContext.newPage();
      await loginAs(admin, 'admin', baseURL);
      await useLanguage(page, language);
      const email = await signUpFresh(page.request, baseURL);
      await confirmEmail(page.request, admin.request, baseURL, email);
      const upload = await page.request.post('/api/kyc/documents/bank_reference', {
        headers: originHeaders(baseURL),
        multipart: { file: { name: 'banco.pdf', ...PDF_FILE } },
      });
      const { document } = (await upload.json()) as { document: { id: string; revision: number } };
      const headers = originHeaders(baseURL);
      const rejectDocument = await admin.request.post(`/api/admin/kyc/documents/${document.id}/reject`, {
        headers,
        data: { reason: 'La referencia bancaria tiene más de tres meses', revision: document.revision },
      });
      expect(rejectDocument.status(), await rejectDocument.text()).toBe(200);
      const session = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
      const rejectCompany = await admin.request.post(`/api/admin/kyc/users/${session.user.id}/reject`, {
        headers,
        data: { reason: 'La razón social no coincide con el registro', revision: 1 },
      });
      expect(rejectCompany.status(), await rejectCompany.text()).toBe(200);

      await page.goto('/onboarding');
      const rejection = page.getByTestId('kyc-rejection');
      await expect(rejection.getByRole('heading', { name: copy.rejectedTitle })).toBeVisible();
      await expect(rejection.getByTestId('kyc-reject-reason')).toHaveText(
        'La razón social no coincide con el registro',
      );
      await expect(rejection.getByTestId('kyc-rejected-bank_reference')).toHaveText(copy.documentReason);
      await adminContext.close();
    });

    test('the admin finds the demo pending company, with its five documents, in the review queue', async ({
      page,
      baseURL,
    }) => {
      await useLanguage(page, language);
      await loginAs(page, 'admin', baseURL);
      await page.goto('/admin/kyc/users');
      await expect(page.getByRole('heading', { level: 1, name: copy.queueTitle })).toBeVisible();
      const card = page.getByTestId('review-user-pendiente@tradeops.demo');
      await expect(card).toBeVisible();
      await expect(card.getByText('Agroimport Andina S.A.S.').first()).toBeVisible();
      // Four PDFs previewed in frames, the ID card as an image; each can be verified.
      await expect(card.locator('iframe')).toHaveCount(4);
      await expect(card.locator('img')).toHaveCount(1);
      await expect(card.getByRole('button', { name: copy.verify })).toHaveCount(5);
    });
  });
}
