import { existsSync } from 'node:fs';

/**
 * Debian's Chromium as the end-to-end suite and the benchmarks drive it: no sandbox (containers),
 * no GPU, and nothing of its own on the network (updates, sync, QUIC) to disturb a measurement.
 * Plain data in a .ts file: the benchmarks' .mjs scripts import it too (Node strips the types).
 */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

/**
 * The browser the end-to-end suite drives (decision 024): `CHROMIUM_PATH` when set; else Debian's
 * `chromium-headless-shell` (the same Chromium release built as the headless shell, the kind of
 * build Playwright itself runs headless tests in), which ran the desktop and phone specs in 133 s
 * where the full browser took 200 s on two cores; else Debian's full `chromium`.
 */
export const E2E_CHROMIUM_PATH: string =
  process.env.CHROMIUM_PATH ??
  ['/usr/lib/chromium/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ??
  '/usr/bin/chromium';
