import { type Page, type Request, expect, test } from '../support/test';
import { DEMO_PASSWORD, DEMO_USERS, originHeaders, signUpFresh } from '../support/login';

/**
 * Issue 23, item 16: taps on a server-rendered page before the app's script has run are replayed
 * once it has taken the page over (public/early-input.js), but they were replayed once per tap:
 * three taps on the contact form's send button stored three messages, two on Watch sent two
 * identical requests. One action per control now, and none for a form already being sent.
 */

/** Holds the app's entry script back until the returned function is called: the server's page alone on screen. */
async function holdAppScript(page: Page): Promise<() => void> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/** The early-tap script holds taps from now on (it loads on its own, ahead of the app). */
async function earlyInputReady(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate(() => typeof (window as { __tradeopsReplayEarlyInput?: unknown }).__tradeopsReplayEarlyInput),
    )
    .toBe('function');
}

function requestsTo(page: Page, method: string, pattern: RegExp): Request[] {
  const seen: Request[] = [];
  page.on('request', (request) => {
    if (request.method() === method && pattern.test(new URL(request.url()).pathname)) seen.push(request);
  });
  return seen;
}

test('three early taps on the contact form’s send button store one message', async ({ page, playwright, baseURL }) => {
  const subject = `Early taps ${Date.now()}-${process.pid}`;
  const sent = requestsTo(page, 'POST', /^\/api\/contact$/);
  const release = await holdAppScript(page);
  await page.goto('/contact', { waitUntil: 'commit' });
  await earlyInputReady(page);
  await page.getByLabel('Nombre completo').fill('Ana Temprana');
  await page.getByLabel('Correo electrónico').fill('ana.temprana@example.com');
  await page.getByLabel('Asunto (opcional)').fill(subject);
  await page.getByLabel('Mensaje').fill('Tres toques antes de que la página despierte.');
  const send = page.getByRole('button', { name: 'Enviar mensaje' });
  for (let tap = 0; tap < 3; tap++) await send.click();
  release();
  await expect(page.getByText('¡Gracias! Recibimos tu mensaje y te responderemos pronto.')).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(sent).toHaveLength(1);

  // Stored once: the admins' list of messages has one with this subject.
  const admin = await playwright.request.newContext({ baseURL });
  const signIn = await admin.post('/api/auth/sign-in', {
    headers: originHeaders(baseURL),
    data: { email: DEMO_USERS.admin, password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  // Newest first: the message just sent is on the first page.
  const messages = (await (await admin.get('/api/admin/contact-messages')).json()) as {
    items: { subject: string | null }[];
  };
  expect(messages.items.filter((message) => message.subject === subject)).toHaveLength(1);
  await admin.dispose();
});

test('two early taps on Watch send one request, and the button shows what the server holds', async ({
  page,
  baseURL,
}) => {
  // An account of this test's own: nobody else watches or unwatches for it.
  await signUpFresh(page.request, baseURL);
  const featured = (await (await page.request.get('/api/operations/featured')).json()) as { id: string };
  const watchRequests = requestsTo(page, 'PUT', /\/watch$/);
  const unwatchRequests = requestsTo(page, 'DELETE', /\/watch$/);
  const release = await holdAppScript(page);
  await page.goto(`/operation/${featured.id}`, { waitUntil: 'commit' });
  await earlyInputReady(page);
  const watch = page.getByRole('button', { name: /^Seguir/ });
  await watch.click();
  await watch.click();
  release();
  await expect(page.getByRole('button', { name: /^Siguiendo/ })).toHaveAttribute('aria-pressed', 'true');
  await page.waitForLoadState('networkidle');
  expect(watchRequests).toHaveLength(1);
  expect(unwatchRequests).toHaveLength(0);
  const detail = (await (await page.request.get(`/api/operations/${featured.id}`)).json()) as { isWatching: boolean };
  expect(detail.isWatching).toBe(true);
});
