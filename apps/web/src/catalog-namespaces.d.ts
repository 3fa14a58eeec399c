/** A namespace of a language's catalog, cut at build time (catalog-namespaces.ts beside vite.config.ts). */
declare module 'virtual:catalog/*' {
  const part: Record<string, unknown>;
  export default part;
}
