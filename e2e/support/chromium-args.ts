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
