import { type Page, expect, test } from '../support/test';
import { signUpFresh } from '../support/login';
import { chooseLanguage } from '../support/language';

/**
 * Issue 16 (item 7): choosing Source Mode fires confetti, and on the production build (served with
 * the strict CSP) it must draw: the default canvas-confetti cannon draws in a blob: worker, which the
 * CSP refuses with a console error and an empty canvas.
 */

/** True once a confetti canvas in <body> has a painted pixel (a canvas handed to a worker has no 2D context). */
function hasPaintedConfetti(page: Page): Promise<boolean> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('body > canvas')).some((canvas) => {
      if (!(canvas instanceof HTMLCanvasElement) || canvas.width === 0 || canvas.height === 0) return false;
      try {
        const context = canvas.getContext('2d');
        if (!context) return false;
        const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
        for (let alpha = 3; alpha < pixels.length; alpha += 4) if (pixels[alpha] !== 0) return true;
        return false;
      } catch {
        return false;
      }
    }),
  );
}

for (const language of ['es', 'en'] as const) {
  test(`confetti draws under the CSP when a new user picks Source Mode (${language})`, async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(error.message));
    await chooseLanguage(page, language);
    await signUpFresh(page.request, baseURL);

    await page.goto('/mode-select');
    const response = await page.request.get('/mode-select');
    expect(response.headers()['content-security-policy']).toContain("script-src 'self'");
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      language === 'es' ? '¿Cómo quieres usar TradeOps?' : /TradeOps/,
    );
    await page.getByRole('button', { name: language === 'es' ? /Modo Compra/ : /Source Mode/ }).click();
    await expect(page).toHaveURL(/\/source-landing$/);
    await expect.poll(() => hasPaintedConfetti(page), { timeout: 15_000, intervals: [100] }).toBe(true);

    expect(consoleErrors.filter((text) => /Content Security Policy|Refused to/i.test(text))).toEqual([]);
    expect(consoleErrors).toEqual([]);
  });
}
