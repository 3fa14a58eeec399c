import anyAscii from 'any-ascii';
import jaroWinkler from 'talisman/metrics/jaro-winkler.js';

/**
 * Names as the matcher compares them: transliterated to Latin letters (any-ascii: "Петров" →
 * "Petrov", "صدام" → "sdam", accents dropped), lower case, punctuation gone, initials joined
 * ("S.A.", "S A" → "sa"; "P.D.V.S.A." → "pdvsa"), then legal forms and particles removed, so
 * "Petróleos de Venezuela, S.A." and "PETROLEOS DE VENEZUELA C.A." both read
 * ["petroleos", "venezuela"]. Token order is left to the scorer.
 */

/** Legal forms of companies as tokens after initials are joined (S.A. de C.V. → sa, cv). */
const LEGAL_FORMS = new Set([
  'sa',
  'ca',
  'sas',
  'saa',
  'sac',
  'saca',
  'sacv',
  'srl',
  'sl',
  'sll',
  'sarl',
  'spa',
  'sapi',
  'cv',
  'rl',
  'ltda',
  'ltd',
  'limited',
  'llc',
  'lc',
  'llp',
  'lp',
  'inc',
  'incorporated',
  'corp',
  'corporation',
  'co',
  'cia',
  'company',
  'gmbh',
  'ag',
  'kg',
  'bv',
  'nv',
  'plc',
  'pte',
  'pty',
  'pjsc',
  'ojsc',
  'cjsc',
  'jsc',
  'ooo',
  'oao',
  'zao',
  'pao',
  'ao',
  'eirl',
  'fzco',
  'fze',
  'fzc',
]);

/** Long legal forms also recognised misspelt ("Combany", "Corporatoin"): a typo there is no part of the name. */
const LONG_LEGAL_FORMS = ['company', 'corporation', 'limited', 'incorporated', 'compania', 'sociedad', 'anonima'];

/** Words that carry no identity in Spanish, Portuguese, English, French or Arabic names. */
const PARTICLES = new Set([
  'de',
  'del',
  'la',
  'las',
  'los',
  'el',
  'y',
  'e',
  'the',
  'of',
  'and',
  'da',
  'do',
  'dos',
  'das',
  'di',
  'du',
  'des',
  'le',
  'al',
  'et',
  'und',
  'for',
]);

function isLegalForm(token: string): boolean {
  if (LEGAL_FORMS.has(token)) return true;
  return token.length >= 6 && LONG_LEGAL_FORMS.some((form) => jaroWinkler(token, form) >= 0.92);
}

/** Letters and digits only, lower case, Latin: the first step of every comparison. */
export function toLatinText(value: string): string {
  return anyAscii(value)
    .toLowerCase()
    .replace(/['`’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** Runs of one-letter tokens are initials: "s a de c v" → "sa de cv", "p d v s a" → "pdvsa". */
function joinInitials(tokens: string[]): string[] {
  const joined: string[] = [];
  let run = '';
  for (const token of tokens) {
    if (token.length === 1 && /[a-z]/.test(token)) {
      run += token;
      continue;
    }
    if (run) joined.push(run);
    run = '';
    joined.push(token);
  }
  if (run) joined.push(run);
  return joined;
}

/** The tokens of a name as compared; never empty for a name that has letters or digits. */
export function toNameTokens(value: string): string[] {
  const tokens = joinInitials(toLatinText(value).split(' ').filter(Boolean));
  const meaningful = tokens.filter((token) => !isLegalForm(token) && !PARTICLES.has(token) && token.length > 1);
  if (meaningful.length > 0) return meaningful;
  // A name made only of short or generic words ("CO LTD") keeps them rather than vanish.
  return tokens;
}

/** The normalised name as one string: the tokens joined by spaces (for display and dedupe keys). */
export function toNameKey(value: string): string {
  return toNameTokens(value).join(' ');
}
