import { expect, test } from '../support/test';
import { expectNoSeriousAxeViolation } from '../support/axe';
import { loginAs, originHeaders } from '../support/login';

/**
 * The back office's screening queue and case page, in the browser: a company signing up as PDVSA is
 * a case in the queue with the listed entry, program and score; the admin clears it with a reason,
 * in Spanish and on a phone. (The rules behind it are proven by the API tests of modules/compliance.)
 */
test('an admin finds a sanctioned sign-up in the screening queue and decides its case', async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const visitor = await browser.newContext();
  const companyName = 'Petróleos de Venezuela S.A.';
  const signUp = await visitor.request.post('/api/auth/sign-up', {
    headers: originHeaders(baseURL),
    data: {
      fullName: 'Rafael Ramírez',
      email: `pdvsa-${Date.now()}@example.com`,
      password: 'Cafe-de-Origen-2025',
      companyName,
      country: 'VE',
      companyType: 'trader',
    },
  });
  expect(signUp.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 412, height: 915 } });
  const page = await context.newPage();
  await loginAs(page, 'admin', baseURL);
  await page.goto('/admin/compliance');
  await expect(page.getByRole('heading', { name: 'Cumplimiento', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Cola de revisión' })).toBeVisible();
  const caseLink = page.getByRole('link', { name: companyName }).first();
  await expect(caseLink).toBeVisible();
  await expect(page.getByText('OFAC SDN (EE. UU.) · VENEZUELA-EO13850').first()).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);

  await caseLink.click();
  await expect(page.getByRole('heading', { name: 'Caso de cumplimiento' })).toBeVisible();
  await expect(page.getByText('PETROLEOS DE VENEZUELA, S.A.').first()).toBeVisible();
  await expect(page.getByText('referencia 26367', { exact: false })).toBeVisible();
  await expectNoSeriousAxeViolation(page);
  await page.getByLabel(/Descartar: falso positivo/).check();
  await page.getByLabel('Motivo').fill('Homónimo: RIF distinto, verificado con el registro mercantil');
  await page.getByRole('button', { name: 'Descartar el caso' }).click();
  await expect(page.getByText('Descartado').first()).toBeVisible();
  await expect(page.getByText('Homónimo: RIF distinto', { exact: false })).toBeVisible();
  await context.close();
  await visitor.close();
});
