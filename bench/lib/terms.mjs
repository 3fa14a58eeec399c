/**
 * The terms version every order must carry (packages/shared, the one source of truth), read from
 * its TypeScript source: Node 24 strips the types of a file outside node_modules.
 */
export { TERMS_VERSION } from '../../packages/shared/src/terms/constants.ts';
