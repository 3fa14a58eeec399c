/**
 * The CSP allows no eval. Zod's compiled fast path probes `new Function` when an
 * object schema is defined, and the browser reports that probe as a CSP
 * violation even though zod catches it. Zod keeps its global config on
 * `globalThis.__zod_globalConfig` (zod/v4/core/core.js), so setting it here,
 * first thing in main.tsx, switches the JIT off before the lazily loaded
 * contracts define a schema, without putting zod in the initial bundle.
 * zod-setup.test.ts checks that zod still reads this key.
 */
const scope = globalThis as { __zod_globalConfig?: Record<string, unknown> };
// Mutated in place: if zod is already loaded (tests), it holds this very object.
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
