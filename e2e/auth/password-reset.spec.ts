import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD, DEMO_USERS, originHeaders, signUpFresh } from '../support/login';

test('a forgotten password is reset through the e-mailed link', async ({ page, baseURL, playwright }) => {
  test.setTimeout(60_000);
  const email = await signUpFresh(page.request, baseURL);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace');

  // Without SMTP the mail waits in the outbox, which admins can read.
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post('/api/auth/sign-in', {
    headers: originHeaders(baseURL),
    data: { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
  });
  const outbox = (await (await admin.get('/api/admin/outbox')).json()) as { data: { to: string; text: string }[] };
  const mail = outbox.data.find((row) => row.to === email);
  const link = /https?:\/\/\S+\/reset-password\?token=\S+/.exec(mail?.text ?? '')?.[0];
  expect(link).toBeDefined();
  await admin.dispose();

  await page.goto(link!);
  await page.getByLabel('Nueva contraseña').fill('password');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByText('Esta contraseña es demasiado común y fácil de adivinar. Elige otra.')).toBeVisible();
  await page.getByLabel('Nueva contraseña').fill('Nueva-Clave-Andina-42');
  await page.getByRole('button', { name: 'Guardar contraseña' }).click();
  await expect(page.getByRole('status')).toContainText('Tu contraseña fue cambiada');

  await page.goto('/login');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill('Nueva-Clave-Andina-42');
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
  await expect(page).toHaveURL(/\/kyc-cuenta\/pendiente$/);
});
