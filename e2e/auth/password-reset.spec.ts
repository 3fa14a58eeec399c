import { expect, test } from '../support/test';
import { DEMO_PASSWORD, DEMO_USERS, loginAs, originHeaders, signUpFresh } from '../support/login';

test('a forgotten password is reset through the e-mailed link', async ({ page, baseURL, playwright }) => {
  test.setTimeout(60_000);
  const email = await signUpFresh(page.request, baseURL);
  await page.context().clearCookies();
  await page.goto('/login');
  await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
  // The login page stays on screen while the reset page's code loads, and it has a field with the same
  // label: typing before the reset page shows fills the wrong form (the cause of this spec's old flakes).
  await expect(page.getByRole('heading', { level: 1, name: 'Restablecer contraseña' })).toBeVisible({
    timeout: 15_000,
  });
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Enviar enlace' }).click();
  // The request runs right after a sign-up (an scrypt hash) while CI loads both cores: allow it more time.
  await expect(page.getByRole('status')).toContainText('te enviamos un enlace', { timeout: 15_000 });

  // Without SMTP the mail waits in the outbox, which admins can read.
  const admin = await playwright.request.newContext({ baseURL });
  await admin.post('/api/auth/sign-in', {
    headers: originHeaders(baseURL),
    data: { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
  });
  // Newest first: the mail just written is on the first page.
  const outbox = (await (await admin.get('/api/admin/outbox')).json()) as { items: { to: string; text: string }[] };
  const mail = outbox.items.find((row) => row.to === email);
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

test('an admin reads the reset mail in the back office outbox', async ({ page, baseURL, playwright }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  const email = await signUpFresh(visitor, baseURL);
  await visitor.post('/api/auth/password/forgot', { headers: originHeaders(baseURL), data: { email } });
  await visitor.dispose();

  await loginAs(page, 'admin', baseURL);
  await page.goto('/admin/kyc');
  await page.getByRole('link', { name: 'Correos salientes' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Correos salientes' })).toBeVisible();
  // The sign-up's verification mail is there too: the reset mail is the one with its subject.
  const mail = page
    .getByRole('row')
    .filter({ hasText: email })
    .filter({ hasText: 'Restablece tu contraseña de TradeOps' });
  await expect(mail).toBeVisible();
  await mail.locator('summary').click();
  await expect(mail.locator('pre')).toContainText('/reset-password?token=');
});
