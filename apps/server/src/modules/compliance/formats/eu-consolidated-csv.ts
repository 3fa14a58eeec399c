import { parse } from 'csv-parse/sync';
import { type SanctionsEntryKind } from '@tradeops/shared';
import { toCountryCode } from './country-names';
import { SanctionsFormatError } from './ofac-sdn-csv';
import { type ParsedSanctionsEntry, type ParsedSanctionsList, addUnique, toIdentifierKey } from './sanctions-entry';

/**
 * The EU's consolidated list of persons, groups and entities subject to financial sanctions, in
 * its CSV (version 1.1): UTF-8 with a byte-order mark, `;` separated, a header row, and one row
 * per name alias, address, birth date, identification and citizenship of an entity, each row
 * repeating the entity's columns (Entity_LogicalId, Entity_SubjectType_ClassificationCode,
 * Entity_Regulation_Programme …). Columns are read by their header names.
 */
function kindOf(code: string): SanctionsEntryKind {
  if (code === 'person') return 'individual';
  return 'entity';
}

/** "28/10/2022" → that day (UTC); anything else → null. */
function readGenerationDate(value: string | undefined): Date | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value?.trim() ?? '');
  if (!match) return null;
  return new Date(Date.UTC(Number(match[3]), Number(match[2]) - 1, Number(match[1])));
}

export function parseEuConsolidated(bytes: Uint8Array): ParsedSanctionsList {
  let rows: Record<string, string>[];
  try {
    rows = parse(new TextDecoder('utf-8').decode(bytes), {
      bom: true,
      delimiter: ';',
      columns: true,
      relax_quotes: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    });
  } catch (error) {
    throw new SanctionsFormatError('not an EU CSV file', { cause: error });
  }
  if (rows.length === 0 || !('Entity_LogicalId' in rows[0]!) || !('NameAlias_WholeName' in rows[0]!)) {
    throw new SanctionsFormatError('no Entity_LogicalId or NameAlias_WholeName column');
  }
  const entries = new Map<string, ParsedSanctionsEntry>();
  for (const row of rows) {
    const ref = row.Entity_LogicalId;
    if (!ref) continue;
    let entry = entries.get(ref);
    if (!entry) {
      entry = {
        ref,
        kind: kindOf(row.Entity_SubjectType_ClassificationCode ?? ''),
        name: '',
        aliases: [],
        programs: [],
        countries: [],
        birthDates: [],
        identifiers: [],
        remarks: row.Entity_Remark || null,
      };
      entries.set(ref, entry);
    }
    addUnique(entry.programs, row.Entity_Regulation_Programme);
    const wholeName = row.NameAlias_WholeName;
    if (wholeName) {
      if (!entry.name) entry.name = wholeName;
      else if (wholeName !== entry.name) addUnique(entry.aliases, wholeName);
    }
    addUnique(entry.birthDates, row.BirthDate_BirthDate || row.BirthDate_Year);
    addUnique(entry.countries, toCountryCode(row.Citizenship_CountryIso2Code || row.Citizenship_CountryDescription));
    addUnique(entry.countries, toCountryCode(row.Address_CountryIso2Code || row.Address_CountryDescription));
    const identifier = toIdentifierKey(row.Identification_Number ?? '');
    if (identifier.length >= 5) addUnique(entry.identifiers, identifier);
  }
  const named = [...entries.values()].filter((entry) => entry.name);
  if (named.length === 0) throw new SanctionsFormatError('no named entries in the EU list');
  return { publishedAt: readGenerationDate(rows[0]!.fileGenerationDate), entries: named };
}
