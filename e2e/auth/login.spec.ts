import { type Page, expect, test } from '../support/test';
import { DEMO_PASSWORD, DEMO_USERS, type DemoRole, loginAs } from '../support/login';

async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Contraseña').fill(password);
  await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
}

test.describe('login', () => {
  test('requires e-mail and password, and refuses wrong credentials', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Iniciar Sesión' }).click();
    await expect(page.getByText('El correo electrónico es requerido', { exact: true })).toBeVisible();
    await expect(page.getByText('La contraseña es requerida', { exact: true })).toBeVisible();
    await signInThroughForm(page, DEMO_USERS.buyer, 'Not-The-Password-1');
    await expect(page.getByRole('alert')).toHaveText('Correo o contraseña inválidos');
  });

  const landings: [DemoRole, RegExp][] = [
    ['kycPending', /\/kyc-cuenta\/pendiente$/],
    ['buyer', /\/buyer\/dashboard$/],
    ['seller', /\/seller\/dashboard$/],
    ['admin', /\/admin$/],
  ];
  for (const [role, landing] of landings) {
    test(`sends the ${role} account where its state says after sign-in`, async ({ page }) => {
      await page.goto('/login');
      await signInThroughForm(page, DEMO_USERS[role]);
      await expect(page).toHaveURL(landing);
    });
  }

  test('returns to the protected page that sent the visitor to /login', async ({ page }) => {
    await page.goto('/buyer/operations?tab=activas');
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
    await signInThroughForm(page, DEMO_USERS.buyer);
    await expect(page).toHaveURL(/\/buyer\/operations\?tab=activas$/);
  });

  test('shows the name with a menu, stays signed in on reload and signs out at once', async ({ page, baseURL }) => {
    await loginAs(page, 'buyer', baseURL);
    await page.goto('/buyer/dashboard');
    await expect(page.getByTestId('account-name')).toHaveText('Carlos Rivas');
    await page.reload();
    await expect(page.getByTestId('account-name')).toHaveText('Carlos Rivas');
    await page.getByRole('button', { name: 'Menú de la cuenta' }).click();
    await page.getByRole('menuitem', { name: 'Cerrar sesión' }).click();
    await expect(page.getByRole('link', { name: 'Iniciar Sesión' }).first()).toBeVisible();
    await page.goto('/buyer/dashboard');
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });
});

test.describe('admin login', () => {
  test('refuses wrong credentials and signs a valid non-admin out again', async ({ page }) => {
    await page.goto('/admin_ilumia/login');
    await signInThroughForm(page, DEMO_USERS.admin, 'Not-The-Password-1');
    await expect(page.getByRole('alert')).toHaveText('Credenciales inválidas');
    await signInThroughForm(page, DEMO_USERS.buyer);
    await expect(page.getByRole('alert')).toHaveText('Acceso no autorizado');
    const session = await page.request.get('/api/session');
    expect(await session.json()).toEqual({ user: null });
  });

  test('lets an admin into the back office', async ({ page }) => {
    await page.goto('/admin_ilumia/login');
    await signInThroughForm(page, DEMO_USERS.admin);
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Panel de administración' })).toBeVisible();
  });
});
