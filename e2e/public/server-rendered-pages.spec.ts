import { type APIRequestContext, type Page, expect, test } from '../support/test';
import { DEMO_PASSWORD, DEMO_USERS, originHeaders } from '../support/login';

/**
 * Public pages arrive as HTML with their content and data (docs/decisions/015): what a crawler, a
 * chat app's link preview or a phone on a slow network gets from one plain GET, before any script.
 */

/** The text of the server-rendered page: what is inside `<div id="root">`, tags dropped. */
function renderedText(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf('<script type="application/json" id="server-page-state">');
  expect(start, 'the page has its mount point').toBeGreaterThan(-1);
  expect(end, 'the page carries the state the browser takes it over with').toBeGreaterThan(start);
  return html
    .slice(start, end)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, ' ');
}

function firstHeading(html: string): string | undefined {
  const root = html.slice(html.indexOf('<div id="root">'));
  return /<h1[^>]*>([\s\S]*?)<\/h1>/
    .exec(root)?.[1]
    ?.replace(/<[^>]+>/g, '')
    .trim();
}

/** Every public page's head: title, description, canonical, both languages, Open Graph and Twitter card. */
function expectPreviewTags(html: string, path: string) {
  for (const tag of [
    '<title>',
    '<meta name="description" content="',
    '<link rel="canonical" href="',
    '<link rel="alternate" hreflang="es" href="',
    '<link rel="alternate" hreflang="en" href="',
    '<meta property="og:title" content="',
    '<meta property="og:description" content="',
    '<meta property="og:image" content="',
    '<meta name="twitter:card" content="summary_large_image"',
  ]) {
    expect(html, `${path}: ${tag}`).toContain(tag);
  }
}

/** Holds the app's entry script back until the returned function is called: the server's page alone on screen. */
async function holdAppScript(browserPage: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await browserPage.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function fetchPage(request: APIRequestContext, path: string): Promise<string> {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  expect(response.headers()['content-type']).toContain('text/html');
  return response.text();
}

test.describe('server-rendered public pages', () => {
  const pages: { path: string; heading: string; content: string[] }[] = [
    {
      path: '/',
      heading: 'Importa y exporta en operaciones compartidas, con tu pago protegido',
      // The featured deal, from the database.
      content: ['Leche en polvo regular', 'Uruguay → Venezuela'],
    },
    { path: '/supply-landing', heading: 'Vende en TradeOps', content: [] },
    {
      path: '/operations',
      heading: 'Catálogo de operaciones',
      content: ['19 operaciones', 'Leche en polvo regular', '$4,300', '15 t disponibles de 25 t'],
    },
    { path: '/about', heading: 'Nosotros', content: [] },
    { path: '/why-tradeops', heading: '¿Por qué TradeOps?', content: [] },
    { path: '/services', heading: 'Servicios', content: [] },
    { path: '/services/due-diligence', heading: 'Debida diligencia', content: [] },
    { path: '/services/financing', heading: 'Financiamiento', content: [] },
    { path: '/blog', heading: 'Blog', content: ['KYC: por qué verificamos a cada empresa antes de operar'] },
    {
      path: '/blog/kyc-por-que-verificamos-a-cada-empresa',
      heading: 'KYC: por qué verificamos a cada empresa antes de operar',
      content: ['La revisión toma hasta 48 horas hábiles'],
    },
    { path: '/contact', heading: 'Contacto', content: [] },
    { path: '/explore', heading: 'Explora las operaciones abiertas', content: ['Leche en polvo regular'] },
  ];

  for (const { path, heading, content } of pages) {
    test(`${path} arrives with its content and its preview tags`, async ({ request }) => {
      const html = await fetchPage(request, path);
      expect(firstHeading(html)).toBe(heading);
      const text = renderedText(html);
      for (const expected of content) expect(text, `${path}: ${expected}`).toContain(expected);
      expectPreviewTags(html, path);
    });
  }

  test('an English address arrives in English, data included', async ({ request }) => {
    const html = await fetchPage(request, '/operations?lang=en');
    expect(html).toContain('<html lang="en"');
    expect(firstHeading(html)).toBe('Operations catalogue');
    const text = renderedText(html);
    expect(text).toContain('Regular milk powder');
    expect(text).toContain('15 t available of 25 t');
  });

  test('a deal: its public facts for everyone, the whole page for the signed-in buyer', async ({
    playwright,
    baseURL,
  }) => {
    const anonymous = await playwright.request.newContext({ baseURL });
    const featured = (await (await anonymous.get('/api/operations/featured')).json()) as { id: string };
    const signedOut = await fetchPage(anonymous, `/operation/${featured.id}`);
    expect(firstHeading(signedOut)).toBe('Leche en polvo regular');
    const facts = renderedText(signedOut);
    for (const fact of [
      'De Uruguay a Venezuela',
      '$4,300',
      '15 t disponibles de 25 t',
      'Detalles después de iniciar sesión',
    ]) {
      expect(facts).toContain(fact);
    }
    // Not the full sheet: its partners stay behind sign-in.
    expect(facts).not.toContain('Atlántico Sur Trading');
    expectPreviewTags(signedOut, `/operation/${featured.id}`);
    expect((await anonymous.get(`/operation/${featured.id}`)).headers()['cache-control']).toBe('no-cache');
    await anonymous.dispose();

    const buyer = await playwright.request.newContext({ baseURL });
    const signIn = await buyer.post('/api/auth/sign-in', {
      headers: originHeaders(baseURL),
      data: { email: DEMO_USERS.buyer, password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    const html = await fetchPage(buyer, `/operation/${featured.id}`);
    expect(firstHeading(html)).toBe('Leche en polvo regular');
    const text = renderedText(html);
    expect(text).toContain('De Uruguay a Venezuela');
    expect(text).toContain('Descargar especificación');
    // The buyer's own session rendered in: never kept by a shared cache, and asked again every time.
    expect((await buyer.get(`/operation/${featured.id}`)).headers()['cache-control']).toBe('private, no-cache');
    await buyer.dispose();
  });

  test('the browser takes the server’s page over instead of drawing it again', async ({ page: browserPage }) => {
    const errors: string[] = [];
    browserPage.on('pageerror', (error) => errors.push(error.message));
    browserPage.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    // The app's script waits until the server's heading is marked: a page drawn again loses the mark.
    const release = await holdAppScript(browserPage);
    await browserPage.goto('/operations', { waitUntil: 'commit' });
    const heading = browserPage.getByRole('heading', { level: 1, name: 'Catálogo de operaciones' });
    await heading.evaluate((element) => element.setAttribute('data-from-server', 'yes'));
    release();
    await browserPage.waitForLoadState('networkidle');
    // Hydrated: the same element, now interactive (a filter changes the address).
    await expect(heading).toHaveAttribute('data-from-server', 'yes');
    await browserPage.getByRole('combobox', { name: 'Tipo de producto' }).selectOption({ label: 'Lácteos' });
    await expect(browserPage).toHaveURL(/category=/);
    await expect(heading).toHaveAttribute('data-from-server', 'yes');
    expect(errors).toEqual([]);
  });

  test('a tap before the app has taken the page over is not lost', async ({ page: browserPage }) => {
    const release = await holdAppScript(browserPage);
    await browserPage.goto('/operations?sort=closing', { waitUntil: 'commit' });
    await expect(browserPage.getByText('Página 1 de 2')).toBeVisible();
    // The server's button, pressed while the app's code is still on its way.
    await browserPage.getByRole('button', { name: 'Siguiente' }).click();
    release();
    await expect(browserPage).toHaveURL(/\?sort=closing&page=2$/);
    await expect(browserPage.getByText('Página 2 de 2')).toBeVisible();
  });
});
