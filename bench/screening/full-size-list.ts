// A full-size sanctions list in OFAC's real CSV format (sdn.csv, alt.csv, add.csv), synthetic but
// shaped like the SDN list: about half individuals ("SURNAME SURNAME, Given") with a date of birth,
// half companies with legal forms, one or two aliases for most entries, an address country each.
// Deterministic (seeded), so every run screens the same list. Never committed: made at run time.

const SYLLABLES = [
  'ba',
  'ca',
  'da',
  'fe',
  'ga',
  'lo',
  'ma',
  'ne',
  'pa',
  'ro',
  'sa',
  'ta',
  'vi',
  'zu',
  'mar',
  'tin',
  'dor',
  'gen',
  'sol',
  'ver',
  'ran',
  'cor',
  'pel',
  'tis',
  'nov',
  'kra',
  'vla',
  'dim',
  'ser',
  'gei',
  'al',
  'ha',
  'mid',
  'rah',
  'kim',
  'jon',
  'lee',
  'xu',
  'wei',
  'bak',
];
const COMPANY_WORDS = [
  'TRADING',
  'HOLDING',
  'BANK',
  'GROUP',
  'INTERNATIONAL',
  'COMMERCIAL',
  'INDUSTRIES',
  'SHIPPING',
  'ENERGY',
  'INVESTMENTS',
  'PETROLEUM',
  'LOGISTICS',
  'IMPORT EXPORT',
  'MINING',
  'FINANCE',
  'INVERSIONES',
  'COMERCIALIZADORA',
  'DISTRIBUIDORA',
  'CONSTRUCTORA',
  'AGROPECUARIA',
];
const LEGAL_FORMS = [
  'LLC',
  'LTD.',
  'S.A.',
  'C.A.',
  'S.A. DE C.V.',
  'LTDA.',
  'INC.',
  'CORP.',
  'GMBH',
  'JSC',
  'OOO',
  'FZE',
];
const COUNTRIES = [
  'Venezuela',
  'Iran',
  'Russia',
  'Cuba',
  'Mexico',
  'Colombia',
  'Syria',
  'Korea, North',
  'China',
  'Turkey',
  'United Arab Emirates',
  'Lebanon',
  'Panama',
];
const PROGRAMS = ['SDGT', 'VENEZUELA-EO13850', 'IRAN', 'RUSSIA-EO14024', 'CUBA', 'SDNTK', 'SYRIA', 'DPRK3'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

export function makeFullSizeList(entryCount = 30_000, seed = 27) {
  const rnd = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;
  const word = () => {
    let text = '';
    // Three or four syllables of forty: names as distinct as a real list's, few accidental twins.
    const syllables = 3 + Math.floor(rnd() * 2);
    for (let index = 0; index < syllables; index += 1) text += pick(SYLLABLES);
    return text.toUpperCase();
  };
  const given = () => word().charAt(0) + word().slice(1).toLowerCase();
  const sdn: string[] = [];
  const alt: string[] = [];
  const add: string[] = [];
  const names: { name: string; isPerson: boolean }[] = [];
  let altNumber = 1;
  for (let index = 0; index < entryCount; index += 1) {
    const id = 100_000 + index;
    const isPerson = index % 2 === 0;
    const name = isPerson
      ? `${word()} ${word()}, ${given()}`
      : `${word()} ${rnd() < 0.6 ? pick(COMPANY_WORDS) : word()}${rnd() < 0.3 ? ` ${word()}` : ''}, ${pick(LEGAL_FORMS)}`;
    names.push({ name, isPerson });
    const remarks = isPerson
      ? `DOB ${1 + Math.floor(rnd() * 28)} ${pick(MONTHS)} ${1940 + Math.floor(rnd() * 60)}; nationality ${pick(COUNTRIES)}.`
      : rnd() < 0.3
        ? `Tax ID No. ${Math.floor(rnd() * 1e10)} (${pick(COUNTRIES)}).`
        : '-0- ';
    sdn.push(
      `${id},"${name}",${isPerson ? '"individual"' : '-0- '},"${pick(PROGRAMS)}",-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,-0- ,${remarks === '-0- ' ? remarks : `"${remarks}"`}`,
    );
    const aliases = rnd() < 0.7 ? 1 + Math.floor(rnd() * 2) : 0;
    for (let a = 0; a < aliases; a += 1) {
      const alias = isPerson ? `${given()} ${word()}` : `${word()} ${pick(COMPANY_WORDS)}`;
      alt.push(`${id},${altNumber},"aka","${alias}",-0- `);
      altNumber += 1;
    }
    add.push(`${id},${id},-0- ,-0- ,"${pick(COUNTRIES)}",-0- `);
  }
  const file = (lines: string[]) => Buffer.from(`${lines.join('\r\n')}\r\n\u001a`);
  return { sdn: file(sdn), alt: file(alt), add: file(add), names, aliasCount: alt.length };
}
