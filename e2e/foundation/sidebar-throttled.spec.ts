import { type Page, expect, test } from '../support/test';
import { loginAs } from '../support/login';

/**
 * The admin and buyer sidebars on a slow phone's CPU: every link, three rounds, each click must
 * show the new page's heading and no longer the previous one. (On the Preact build an admin was
 * once left on the previous page after a sidebar click, on a loaded machine only.) No retried
 * clicks here: one click, one page.
 */
const CPU_SLOWDOWN = 4;
const ROUNDS = 3;
/** A page's code and data on a 4× slower CPU of a shared 2-core machine: arriving, not instant. */
const ARRIVAL_TIMEOUT = 20_000;

interface AreaLink {
  name: string;
  url: RegExp;
  heading: string;
  /** The link opens a page outside the area (no sidebar there). */
  leavesArea?: true;
}

const ADMIN_LINKS: AreaLink[] = [
  { name: 'Usuarios por verificar', url: /\/admin\/kyc\/users$/, heading: 'Revisión KYC de usuarios' },
  { name: 'Ofertas por aprobar', url: /\/admin\/offer-reviews$/, heading: 'Revisión de ofertas' },
  { name: 'Pagos por verificar', url: /\/admin\/payments$/, heading: 'Verificación de pagos' },
  { name: 'Operaciones en curso', url: /\/admin\/operations$/, heading: 'Operaciones en curso' },
  { name: 'Cumplimiento', url: /\/admin\/compliance$/, heading: 'Cumplimiento' },
  { name: 'Ajustes de la plataforma', url: /\/admin\/settings$/, heading: 'Configuración de la plataforma' },
  { name: 'Panel', url: /\/admin$/, heading: 'Panel de administración' },
];

const BUYER_LINKS: AreaLink[] = [
  { name: 'Mis operaciones', url: /\/buyer\/operations$/, heading: 'Mis operaciones' },
  { name: 'Configuración', url: /\/buyer\/settings$/, heading: 'Configuración de la cuenta' },
  { name: 'Panel', url: /\/buyer\/dashboard$/, heading: 'Panel del comprador' },
  // Last in a round: the catalogue is a public page, without the sidebar (the round goes back from it).
  { name: 'Catálogo', url: /\/operations$/, heading: 'Catálogo de operaciones', leavesArea: true },
];

async function slowDownCpu(page: Page): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
}

async function clickThrough(page: Page, sidebarName: string, links: AreaLink[], start: AreaLink): Promise<void> {
  let previous = start;
  for (let round = 1; round <= ROUNDS; round++) {
    for (const link of links) {
      await test.step(`round ${round}: ${link.name}`, async () => {
        await page
          .getByRole('navigation', { name: sidebarName })
          .getByRole('link', { name: link.name, exact: true })
          .click();
        await expect(page).toHaveURL(link.url, { timeout: ARRIVAL_TIMEOUT });
        await expect(page.getByRole('heading', { level: 1, name: link.heading, exact: true })).toBeVisible({
          timeout: ARRIVAL_TIMEOUT,
        });
        if (previous.heading !== link.heading) {
          await expect(page.getByRole('heading', { level: 1, name: previous.heading, exact: true })).toHaveCount(0);
        }
        previous = link;
      });
    }
    const last = links.at(-1)!;
    if (last.leavesArea) {
      // Back into the area, on the page the catalogue was opened from.
      previous = links.at(-2)!;
      await page.goBack();
      await expect(page.getByRole('heading', { level: 1, name: previous.heading, exact: true })).toBeVisible();
    }
  }
}

test.describe('sidebar navigation under a 4× slower CPU', () => {
  test.setTimeout(420_000);

  test('the admin sidebar shows each page it links to, three rounds', async ({ page, baseURL }) => {
    await loginAs(page, 'admin', baseURL);
    await page.goto('/admin');
    const start = ADMIN_LINKS.at(-1)!;
    await expect(page.getByRole('heading', { level: 1, name: start.heading, exact: true })).toBeVisible();
    await slowDownCpu(page);
    await clickThrough(page, 'Administración', ADMIN_LINKS, start);
  });

  test('the buyer sidebar shows each page it links to, three rounds', async ({ page, baseURL }) => {
    await loginAs(page, 'buyer', baseURL);
    await page.goto('/buyer/dashboard');
    const start = BUYER_LINKS[2]!;
    await expect(page.getByRole('heading', { level: 1, name: start.heading, exact: true })).toBeVisible();
    await slowDownCpu(page);
    await clickThrough(page, 'Área del comprador', BUYER_LINKS, start);
  });
});
