import { parse } from 'csv-parse/sync';
import { type SanctionsEntryKind } from '@tradeops/shared';
import { toCountryCode } from './country-names';
import { type ParsedSanctionsEntry, type ParsedSanctionsList, addUnique, toIdentifierKey } from './sanctions-entry';

/**
 * OFAC's SDN list in its legacy CSV trio (https://ofac.treasury.gov/sdn-list-data-formats-data-schemas):
 * `sdn.csv` (ent_num, name, type, programs, title, call sign, vessel type, tonnage, GRT, flag, owner,
 * remarks), `alt.csv` (ent_num, alt_num, type, alias, remarks) and `add.csv` (ent_num, add_num,
 * address, city/state/postal code, country, remarks). No header; `-0- ` stands for an empty value;
 * lines end in CRLF and the file in an 0x1A byte. Dates of birth, nationality and identifiers
 * live in the remarks ("DOB 23 Nov 1962; ... Cedula No. 5892464 (Venezuela)").
 */
export interface OfacSdnFiles {
  sdn: Uint8Array;
  alt?: Uint8Array | null;
  add?: Uint8Array | null;
}

export class SanctionsFormatError extends Error {}

const EMPTY = '-0-';
/** The SUB character OFAC's files end with. */
const END_OF_FILE = String.fromCharCode(0x1a);
const MONTHS: Record<string, string> = {
  jan: '01',
  feb: '02',
  mar: '03',
  apr: '04',
  may: '05',
  jun: '06',
  jul: '07',
  aug: '08',
  sep: '09',
  oct: '10',
  nov: '11',
  dec: '12',
};

/** Identifier labels of SDN remarks whose number is worth an exact comparison with a tax id. */
const IDENTIFIER_PATTERN =
  /(?:RIF #|Tax ID No\.|R\.F\.C\.|National ID No\.|NIT #|RUC #|C\.U\.I\.T\.|Registration (?:ID|Number)|Company Number|Cedula No\.|C\.U\.R\.P\.|Business Registration (?:Document|Number) #?)\s*([A-Z0-9][A-Z0-9 ./-]{4,30}?)\s*(?:\(|;|\.\s|\.$|$)/g;

function readRows(bytes: Uint8Array): string[][] {
  // The files end with an 0x1A (SUB) byte, a relic of DOS end-of-file marks.
  let text = new TextDecoder('utf-8').decode(bytes).trimEnd();
  if (text.endsWith(END_OF_FILE)) text = text.slice(0, -1);
  try {
    return parse(text, { relax_quotes: true, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (error) {
    throw new SanctionsFormatError('not an OFAC CSV file', { cause: error });
  }
}

function valueOf(cell: string | undefined): string | null {
  const value = cell?.trim();
  return value && value !== EMPTY ? value : null;
}

function kindOf(type: string | null): SanctionsEntryKind {
  if (type === 'individual' || type === 'vessel' || type === 'aircraft') return type;
  return 'entity';
}

/** "DOB 23 Nov 1962", "DOB Mar 1970", "DOB circa 1960", "DOB 1959 to 1961" → ISO dates or years. */
export function readOfacBirthDates(remarks: string): string[] {
  const dates: string[] = [];
  for (const match of remarks.matchAll(/\bDOB (?:circa )?(\d{1,2} )?([A-Z][a-z]{2} )?(\d{4})/g)) {
    const [, day, month, year] = match;
    const monthNumber = month ? MONTHS[month.trim().toLowerCase()] : undefined;
    if (day && monthNumber) addUnique(dates, `${year}-${monthNumber}-${day.trim().padStart(2, '0')}`);
    else addUnique(dates, year);
  }
  return dates;
}

function readRemarks(entry: ParsedSanctionsEntry, remarks: string): void {
  for (const date of readOfacBirthDates(remarks)) addUnique(entry.birthDates, date);
  for (const match of remarks.matchAll(/\b(?:nationality|citizen) ([A-Za-z ,'()-]+?)(?:;|\.|$)/g)) {
    addUnique(entry.countries, toCountryCode(match[1]));
  }
  for (const match of remarks.matchAll(IDENTIFIER_PATTERN)) {
    const key = toIdentifierKey(match[1] ?? '');
    if (key.length >= 5) addUnique(entry.identifiers, key);
  }
}

export function parseOfacSdn(files: OfacSdnFiles): ParsedSanctionsList {
  const entries = new Map<string, ParsedSanctionsEntry>();
  for (const row of readRows(files.sdn)) {
    const ref = valueOf(row[0]);
    const name = valueOf(row[1]);
    if (!ref || !name || !/^\d+$/.test(ref)) continue;
    const entry: ParsedSanctionsEntry = {
      ref,
      kind: kindOf(valueOf(row[2])),
      name,
      aliases: [],
      programs: (valueOf(row[3]) ?? '')
        .split('] [')
        .map((program) => program.replace(/[[\]]/g, '').trim())
        .filter(Boolean),
      countries: [],
      birthDates: [],
      identifiers: [],
      remarks: valueOf(row[11]),
    };
    const flag = toCountryCode(valueOf(row[9]));
    addUnique(entry.countries, flag);
    if (entry.remarks) readRemarks(entry, entry.remarks);
    entries.set(ref, entry);
  }
  if (entries.size === 0) throw new SanctionsFormatError('no SDN entries in sdn.csv');
  if (files.alt) {
    for (const row of readRows(files.alt)) {
      const entry = entries.get(valueOf(row[0]) ?? '');
      const alias = valueOf(row[3]);
      if (entry && alias && alias !== entry.name) addUnique(entry.aliases, alias);
    }
  }
  if (files.add) {
    for (const row of readRows(files.add)) {
      const entry = entries.get(valueOf(row[0]) ?? '');
      if (entry) addUnique(entry.countries, toCountryCode(valueOf(row[4])));
    }
  }
  return { publishedAt: null, entries: [...entries.values()] };
}
