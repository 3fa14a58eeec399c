import { describe, expect, it } from 'vitest';
import en from './en.json';
import es from './es.json';

/**
 * The Spanish UI is all Spanish and says "tú"; the English UI shows the spec's
 * English strings. These checks read the catalogs as data, so a new key that
 * leaks English into es.json fails here before anyone sees it.
 */

function flatten(value: unknown, prefix = ''): [string, string][] {
  if (value === null || typeof value !== 'object') return [[prefix, String(value)]];
  return Object.entries(value as Record<string, unknown>).flatMap(([key, child]) =>
    flatten(child, prefix ? `${prefix}.${key}` : key),
  );
}

const esEntries = flatten(es);
const enByKey = new Map(flatten(en));

/** Spanish strings the spec quotes (docs/architecture.md, Contracts): kept exactly, even where they use "usted". */
const SPEC_SPANISH = new Set([
  'Correo o contraseña inválidos',
  'Error al iniciar sesión. Por favor intente nuevamente.',
  'No se encontraron datos del usuario',
  'Error inesperado. Por favor intente nuevamente.',
  'Credenciales inválidas',
  'Acceso no autorizado',
  'Este correo ya está registrado. Por favor inicia sesión.',
  'Ocurrió un error. Por favor intenta nuevamente.',
  'Error al subir el documento. Por favor intente nuevamente.',
  'Error al crear la oferta. Por favor intente nuevamente.',
]);

/**
 * Keys whose Spanish text may equal the English one: names (brand, people, places, the
 * SWIFT code's label), numbers and symbols, and the router's default error, which the spec
 * quotes in English for both languages.
 */
const SAME_IN_BOTH = [
  /^common\.(appName|tons|spanish|english)$/,
  /^footer\.legal$/,
  // Only placeholders and an arrow: the words come from the values.
  /^seo\.(operation\.title|preview\.route)$/,
  /^pages\.(blog|notFoundCode|unexpectedError)$/,
  /^nav\.blog$/,
  /^countries\./,
  /^about\.leaders\.\w+\.name$/,
  /^contact\.(office|emailAddress)$/,
  /\.swift$/,
  /^search\.priceBetween$/,
  /^featured\.countdown$/,
  /^operationRoom\.(route|messages\.counter|messages\.platform)$/,
  /^sellerArea\.withdrawNo$/,
  // The technical terms, used as is in Spanish (docs/glossary.md: escrow).
  /^integrations\.webhooks\.title$/,
  /^(participate|adminLedger\.accounts|operationRoom\.order|sellerArea)\.escrow$/,
  // The ICC's rule names (Incoterms 2020), a "Total" and placeholders with symbols only.
  /^(offers\.fields|tradeTerms|adminSettings\.checklists)\.incoterm$/,
  /^adminSettings\.checklists\.templateTitle$/,
  /^tradeTerms\.(incotermValue|toleranceValue)$/,
  /^contract\.total$/,
];

/** Words of English that are not Spanish words: one of them in a Spanish value is a leak. */
const ENGLISH_WORDS = [
  'the',
  'and',
  'of',
  'to',
  'is',
  'are',
  'be',
  'must',
  'please',
  'try',
  'again',
  'later',
  'failed',
  'unable',
  'loading',
  'load',
  'upload',
  'download',
  'file',
  'your',
  'you',
  'with',
  'this',
  'that',
  'from',
  'make',
  'an',
  'offer',
  'coming',
  'soon',
  'mode',
  'source',
  'supply',
  'details',
  'increments',
  'tons',
  'profile',
  'payment',
  'submit',
  'session',
  'missing',
  'or',
  'user',
  'volume',
  'due',
  'diligence',
  'pending',
  'settlement',
  'dispute',
];
const ENGLISH_WORD = new RegExp(`(?<![\\p{L}{])(${ENGLISH_WORDS.join('|')})(?![\\p{L}}])`, 'iu');

/** Names inside Spanish sentences that look like English words but are names (a brand, an app). */
const NAMES = /TradeOps|Google Authenticator|Microsoft Authenticator|1Password|\{\{\w+\}\}/g;

/**
 * "Usted" forms: formal imperatives and the formal pronoun. Spanish speaks to the user with
 * "tú" (Sube, Elige, Revisa, Indica, Intenta).
 */
const FORMAL_FORMS =
  /\b(usted|ustedes|intente|lleve|aporte|indique|suba|elija|revise|ingrese|verifique|seleccione|haga|descargue|confirme|escriba|adjunte|vuelva|inicie|asegúrese|contacte|espere|complete usted|regístrese|comuníquese|cargue)\b/iu;

describe('the Spanish catalog', () => {
  it('has no value left in English (identical to en.json outside names and symbols)', () => {
    const identical = esEntries
      .filter(([key, text]) => enByKey.get(key) === text && /\p{L}{2}/u.test(text))
      .filter(([key]) => !SAME_IN_BOTH.some((pattern) => pattern.test(key)))
      .map(([key, text]) => `${key}: ${text}`);
    expect(identical).toEqual([]);
  });

  it('has no English word in a Spanish sentence', () => {
    const english = esEntries
      .filter(([key]) => !SAME_IN_BOTH.some((pattern) => pattern.test(key)))
      .filter(([, text]) => ENGLISH_WORD.test(text.replace(NAMES, '')))
      .map(([key, text]) => `${key}: ${text}`);
    expect(english).toEqual([]);
  });

  it('says "tú" everywhere, except in the strings the spec quotes', () => {
    const formal = esEntries
      .filter(([, text]) => !SPEC_SPANISH.has(text))
      .filter(([, text]) => FORMAL_FORMS.test(text))
      .map(([key, text]) => `${key}: ${text}`);
    expect(formal).toEqual([]);
  });

  it('keeps every Spanish string the spec quotes', () => {
    const values = new Set(esEntries.map(([, text]) => text));
    for (const text of SPEC_SPANISH) expect(values.has(text), text).toBe(true);
  });
});

describe('the English catalog', () => {
  it('shows the spec’s English messages exactly', () => {
    const spec: Record<string, string> = {
      'errors.orderSubmit': 'Failed to submit order. Please try again.',
      'errors.proofUpload': 'Failed to upload payment proof. Please try again.',
      'errors.waitingLoad': 'Failed to load operation details',
      'operationRoom.loadError': 'Failed to load operation details',
      'errors.specDownload': 'Unable to download the specification file. Please try again later.',
      'detail.specError': 'Unable to download the specification file. Please try again later.',
      'errors.profileLoad': 'Error loading profile',
      'errors.UNAUTHENTICATED': 'Auth session missing!',
      'errors.sessionOrUserMissing': 'Auth session or user missing',
      'detail.makeOffer': 'Make an Offer',
      'modes.sourceTitle': 'Source Mode',
      'modes.supplyTitle': 'Supply Mode',
      'pages.unexpectedError': 'Unexpected Application Error!',
    };
    for (const [key, text] of Object.entries(spec)) expect(enByKey.get(key), key).toBe(text);
    // The volume rule is written with the lot step: 5 tons gives the spec's sentence.
    expect(enByKey.get('validation.volumeStep')?.replace('{{step}}', '5')).toBe(
      'Volume must be in increments of 5 tons',
    );
    expect(enByKey.get('errors.VOLUME_NOT_STEP')?.replace('{{step}}', '5')).toBe(
      'Volume must be in increments of 5 tons',
    );
  });
});
