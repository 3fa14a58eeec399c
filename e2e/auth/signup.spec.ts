import { type Page, expect, test } from '../support/test';

test.describe('sign-up', () => {
  test('shows every validation message of spec §5 on submit and on blur', async ({ page }) => {
    await page.goto('/signup');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    for (const message of [
      'El nombre completo es requerido',
      'El correo electrónico es requerido',
      'La contraseña es requerida',
      'El nombre de la empresa es requerido',
      'El país es requerido',
      'El tipo de empresa es requerido',
    ]) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await page.getByLabel('Correo electrónico').fill('no-es-un-correo');
    await page.getByLabel('Correo electrónico').blur();
    await expect(page.getByText('Por favor ingresa un correo electrónico válido', { exact: true })).toBeVisible();
    await page.getByLabel('Contraseña').fill('corta');
    await page.getByLabel('Contraseña').blur();
    await expect(page.getByText('La contraseña debe tener al menos 8 caracteres', { exact: true })).toBeVisible();
    // Fixing a field clears its message as the user types.
    await page.getByLabel('Nombre completo').fill('Ana Torres');
    await expect(page.getByText('El nombre completo es requerido', { exact: true })).toBeHidden();
  });

  test('lists the 20 countries by name and the 8 company types (inspection companies among them), translated', async ({
    page,
  }) => {
    await page.goto('/signup');
    const countries = page.getByLabel('País').locator('option');
    await expect(countries).toHaveCount(21);
    await expect(page.getByLabel('País').locator('option', { hasText: 'Venezuela' })).toHaveAttribute('value', 'VE');
    // The 8 types and the placeholder.
    await expect(page.getByLabel('Tipo de empresa').locator('option')).toHaveCount(9);
  });

  async function fillForm(page: Page, email: string) {
    await page.getByLabel('Nombre completo').fill('Ana Torres');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Contraseña').fill('Cafe-de-Origen-2025');
    await page.getByLabel('Nombre de la empresa').fill('Torres Trading S.A.');
    await page.getByLabel('País').selectOption('PE');
    await page.getByLabel('Tipo de empresa').selectOption('trader');
  }

  test('refuses an e-mail that is already registered', async ({ page }) => {
    await page.goto('/signup');
    await fillForm(page, 'comprador@tradeops.demo');
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveText('Este correo ya está registrado. Por favor inicia sesión.');
  });

  test('shows the loading label, cannot be sent twice, and lands on /onboarding signed in', async ({ page }) => {
    let calls = 0;
    // The request is held until the test has seen the busy button and tried a second click.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/auth/sign-up', async (route) => {
      calls += 1;
      await released;
      await route.continue();
    });
    await page.goto('/signup');
    await fillForm(page, `ana-${Date.now()}@example.com`);
    const submit = page.getByRole('button', { name: 'Crear Cuenta' });
    await submit.click();
    const busy = page.getByRole('button', { name: 'Creando Cuenta...' });
    await expect(busy).toBeVisible();
    await expect(busy).toBeDisabled();
    await busy.click({ force: true, timeout: 2_000 }).catch(() => undefined);
    release();
    await expect(page).toHaveURL(/\/onboarding$/);
    expect(calls).toBe(1);
    await expect(page.getByTestId('account-name')).toHaveText('Ana Torres');
    // Told to check the mail: the documents wait for the confirmed address.
    await expect(page.getByRole('heading', { name: 'Confirma tu correo electrónico' })).toBeVisible();
    await expect(page.getByText(/Te enviamos un enlace a ana-\d+@example\.com/)).toBeVisible();
  });

  test('shows the generic message when the server fails', async ({ page }) => {
    await page.route('**/api/auth/sign-up', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":{"code":"INTERNAL_ERROR","message":"x"}}',
      }),
    );
    await page.goto('/signup');
    await fillForm(page, `fallo-${Date.now()}@example.com`);
    await page.getByRole('button', { name: 'Crear Cuenta' }).click();
    await expect(page.getByRole('alert')).toHaveText('Ocurrió un error. Por favor intenta nuevamente.');
  });
});
