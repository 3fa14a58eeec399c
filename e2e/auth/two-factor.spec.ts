import { expect, request as apiRequest, test } from '../support/test';
import { createApprovedCompany } from '../support/accounts';
import { DEMO_PASSWORD, DEMO_USERS, originHeaders } from '../support/login';
import { currentTotp, wrongTotp } from '../support/totp';

const PASSWORD = 'Cafe-de-Origen-2025';

test.describe('two-step verification', () => {
  test('a buyer turns it on in settings with a QR code, then signs in with a code (Spanish and English)', async ({
    browser,
    baseURL,
  }) => {
    // A company of its own, three browser contexts and a build-up of scrypt hashes: 150 s on a loaded machine.
    test.setTimeout(150_000);
    // A fresh approved company: the demo accounts other specs sign in with stay without it.
    const admin = await apiRequest.newContext({ baseURL });
    const signedIn = await admin.post('/api/auth/sign-in', {
      headers: originHeaders(baseURL),
      data: { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
    });
    expect(signedIn.status()).toBe(200);
    const company = await createApprovedCompany(browser, admin, baseURL, {
      companyName: 'Dos Pasos S.A.',
      fullName: 'Lucía Dos Pasos',
      mode: 'source',
    });
    const page = company.page;

    // Settings: password, QR code and key, a first code, the recovery codes once.
    await page.goto('/buyer/settings');
    const section = page.getByTestId('two-factor');
    await expect(section.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await expect(section.getByTestId('two-factor-status')).toHaveText('Desactivada');
    await section.getByRole('button', { name: 'Activar verificación en dos pasos' }).click();
    await section.getByLabel('Tu contraseña').fill('no-es-la-clave');
    await section.getByRole('button', { name: 'Continuar' }).click();
    await expect(section.getByText('La contraseña actual no es correcta')).toBeVisible();
    await section.getByLabel('Tu contraseña').fill(PASSWORD);
    await section.getByRole('button', { name: 'Continuar' }).click();
    await expect(section.getByRole('img', { name: 'Código QR para tu app de autenticación' })).toBeVisible();
    const secret = await section.getByTestId('two-factor-secret').getAttribute('data-secret');
    expect(secret).toMatch(/^[A-Z2-7]+$/);
    await section.getByLabel('Código de 6 dígitos').fill(await currentTotp(secret!));
    await section.getByRole('button', { name: 'Confirmar y activar' }).click();
    await expect(section.getByRole('heading', { name: 'Guarda tus códigos de recuperación' })).toBeVisible();
    const codes = section.getByTestId('recovery-codes').getByRole('listitem');
    await expect(codes).toHaveCount(10);
    const recoveryCode = (await codes.first().textContent())!.trim();
    await section.getByRole('button', { name: 'Ya guardé mis códigos' }).click();
    await expect(section.getByTestId('recovery-codes')).toHaveCount(0);
    await expect(section.getByTestId('two-factor-status')).toHaveText('Activada');

    // Sign-in in Spanish: the password alone is not enough; a wrong code is refused; the app's code works.
    const visitorContext = await browser.newContext();
    const visitor = await visitorContext.newPage();
    await visitor.goto('/login');
    await visitor.getByLabel('Correo electrónico').fill(company.email);
    await visitor.getByLabel('Contraseña').fill(PASSWORD);
    await visitor.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(visitor.getByRole('heading', { name: 'Verificación en dos pasos' })).toBeVisible();
    await expect(visitor).toHaveURL(/\/login$/);
    await visitor.getByLabel('Código de verificación').fill(await wrongTotp(secret!));
    await visitor.getByRole('button', { name: 'Verificar' }).click();
    await expect(visitor.getByRole('alert')).toHaveText(
      'El código no es correcto. Revisa tu app de autenticación o usa un código de recuperación.',
    );
    await visitor.getByLabel('Código de verificación').fill(await currentTotp(secret!));
    await visitor.getByRole('button', { name: 'Verificar' }).click();
    await expect(visitor).toHaveURL(/\/buyer\/dashboard$/);
    await visitorContext.close();

    // Sign-in in English, with a recovery code.
    const englishContext = await browser.newContext();
    const english = await englishContext.newPage();
    await english.goto('/login');
    await english
      .getByRole('button', { name: /^(EN|English)$/ })
      .first()
      .click();
    await english.getByLabel('E-mail').fill(company.email);
    await english.getByLabel('Password').fill(PASSWORD);
    await english.getByRole('button', { name: 'Log In', exact: true }).click();
    await expect(english.getByRole('heading', { name: 'Two-step verification' })).toBeVisible();
    await expect(
      english.getByText('Enter the 6-digit code from your authenticator app, or one of your recovery codes.'),
    ).toBeVisible();
    await english.getByLabel('Verification code').fill(recoveryCode);
    await english.getByRole('button', { name: 'Verify' }).click();
    await expect(english).toHaveURL(/\/buyer\/dashboard$/);
    await englishContext.close();

    await company.context.close();
    await admin.dispose();
  });
});
