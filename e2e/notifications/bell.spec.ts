import { expect, test } from '../support/test';
import { confirmEmail } from '../support/email';
import { PDF_FILE } from '../support/kyc-files';
import { loginAs, originHeaders, signUpFresh } from '../support/login';

test.describe('notification bell', () => {
  test('the unread count rises live when an admin decision arrives, and reading clears it', async ({
    browser,
    baseURL,
  }) => {
    // A fresh company (address confirmed) with one uploaded document (the demo accounts stay as seeded).
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await loginAs(admin, 'admin', baseURL);
    const userContext = await browser.newContext();
    const user = await userContext.newPage();
    const email = await signUpFresh(user.request, baseURL);
    await confirmEmail(user.request, admin.request, baseURL, email);
    const upload = await user.request.post('/api/kyc/documents/bank_reference', {
      headers: originHeaders(baseURL),
      multipart: { file: { name: 'banco.pdf', mimeType: PDF_FILE.mimeType, buffer: PDF_FILE.buffer } },
    });
    expect(upload.status()).toBe(200);
    const { id: documentId, revision } = ((await upload.json()) as { document: { id: string; revision: number } })
      .document;

    await user.goto('/kyc-cuenta');
    const bell = user.getByTestId('notification-bell');
    await expect(bell).toHaveAttribute('data-live', 'true');
    await expect(bell).toHaveAccessibleName('Notificaciones');
    await expect(user.getByTestId('notification-count')).toHaveCount(0);

    // The admin rejects the document through the review API, in another browser context.
    const reject = await admin.request.post(`/api/admin/kyc/documents/${documentId}/reject`, {
      headers: originHeaders(baseURL),
      data: { reason: 'La referencia bancaria tiene más de tres meses', revision },
    });
    expect(reject.status()).toBe(200);

    // Without a reload, the bell shows it.
    await expect(user.getByTestId('notification-count')).toHaveText('1');
    await expect(bell).toHaveAccessibleName('Notificaciones: 1 sin leer');
    await bell.click();
    const panel = user.getByRole('region', { name: 'Notificaciones' });
    await expect(
      panel.getByText(
        'Tu documento «Referencia bancaria» fue rechazado: La referencia bancaria tiene más de tres meses. Súbelo nuevamente.',
      ),
    ).toBeVisible();
    await panel.getByRole('button', { name: 'Marcar todas como leídas' }).click();
    await expect(user.getByTestId('notification-count')).toHaveCount(0);
    await user.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(bell).toBeFocused();

    await userContext.close();
    await adminContext.close();
  });
});
