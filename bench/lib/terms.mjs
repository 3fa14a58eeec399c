/**
 * The terms version every order must carry (packages/shared, the one source of truth), read from
 * its TypeScript source: Node 24 strips the types of a file outside node_modules. The package by
 * name cannot be loaded by plain Node (its index imports siblings without extensions), so this one
 * file, which imports nothing but zod, is taken by path.
 */
// eslint-disable-next-line no-restricted-imports -- plain Node loads this one file, not the package (see above)
export { TERMS_VERSION } from '../../packages/shared/src/terms/constants.ts';
