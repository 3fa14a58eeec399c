/** talisman ships JavaScript without types; the one metric we use. */
declare module 'talisman/metrics/jaro-winkler.js' {
  /** Jaro-Winkler similarity of two strings (or token arrays), 0–1, Winkler's 0.7 boost threshold and 0.1 prefix scale. */
  const jaroWinkler: (a: string, b: string) => number;
  export default jaroWinkler;
}
