import { XMLParser } from 'fast-xml-parser';
import { toCountryCode } from './country-names';
import { SanctionsFormatError } from './ofac-sdn-csv';
import { type ParsedSanctionsEntry, type ParsedSanctionsList, addUnique, toIdentifierKey } from './sanctions-entry';

/**
 * The UN Security Council Consolidated List in its published XML
 * (https://scsanctions.un.org/resources/xml/en/consolidated.xml): `CONSOLIDATED_LIST` with
 * `INDIVIDUALS/INDIVIDUAL` (FIRST_NAME … FOURTH_NAME, NAME_ORIGINAL_SCRIPT, INDIVIDUAL_ALIAS,
 * NATIONALITY, INDIVIDUAL_ADDRESS, INDIVIDUAL_DATE_OF_BIRTH, INDIVIDUAL_DOCUMENT) and
 * `ENTITIES/ENTITY` (FIRST_NAME, ENTITY_ALIAS, ENTITY_ADDRESS); `dateGenerated` on the root.
 */
type XmlNode = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  parseTagValue: false,
  trimValues: true,
  // Every repeatable element as an array, so one or many read alike.
  isArray: (name) =>
    [
      'INDIVIDUAL',
      'ENTITY',
      'INDIVIDUAL_ALIAS',
      'ENTITY_ALIAS',
      'INDIVIDUAL_ADDRESS',
      'ENTITY_ADDRESS',
      'INDIVIDUAL_DATE_OF_BIRTH',
      'INDIVIDUAL_DOCUMENT',
      'VALUE',
    ].includes(name),
});

function text(value: unknown): string | null {
  if (typeof value === 'string') return value.trim() || null;
  if (typeof value === 'number') return String(value);
  return null;
}

function nodes(value: unknown): XmlNode[] {
  return Array.isArray(value) ? (value.filter((item) => item && typeof item === 'object') as XmlNode[]) : [];
}

function values(node: unknown): string[] {
  if (!node || typeof node !== 'object') return [];
  const list = (node as XmlNode).VALUE;
  return (Array.isArray(list) ? list : []).map(text).filter((item): item is string => item !== null);
}

function toEntry(node: XmlNode, kind: 'individual' | 'entity'): ParsedSanctionsEntry | null {
  const name = ['FIRST_NAME', 'SECOND_NAME', 'THIRD_NAME', 'FOURTH_NAME']
    .map((key) => text(node[key]))
    .filter(Boolean)
    .join(' ');
  const ref = text(node.REFERENCE_NUMBER) ?? text(node.DATAID);
  if (!name || !ref) return null;
  const entry: ParsedSanctionsEntry = {
    ref,
    kind,
    name,
    aliases: [],
    programs: [text(node.UN_LIST_TYPE)].filter((item): item is string => item !== null),
    countries: [],
    birthDates: [],
    identifiers: [],
    remarks: text(node.COMMENTS1),
  };
  addUnique(entry.aliases, text(node.NAME_ORIGINAL_SCRIPT));
  for (const alias of nodes(node[kind === 'individual' ? 'INDIVIDUAL_ALIAS' : 'ENTITY_ALIAS'])) {
    const aliasName = text(alias.ALIAS_NAME);
    if (aliasName && aliasName !== name) addUnique(entry.aliases, aliasName);
  }
  for (const country of values(node.NATIONALITY)) addUnique(entry.countries, toCountryCode(country));
  for (const address of nodes(node[kind === 'individual' ? 'INDIVIDUAL_ADDRESS' : 'ENTITY_ADDRESS'])) {
    addUnique(entry.countries, toCountryCode(text(address.COUNTRY)));
  }
  for (const birth of nodes(node.INDIVIDUAL_DATE_OF_BIRTH)) {
    const date = text(birth.DATE);
    addUnique(entry.birthDates, date ? date.slice(0, 10) : text(birth.YEAR));
    addUnique(entry.birthDates, text(birth.FROM_YEAR));
    addUnique(entry.birthDates, text(birth.TO_YEAR));
  }
  for (const document of nodes(node.INDIVIDUAL_DOCUMENT)) {
    const number = toIdentifierKey(text(document.NUMBER) ?? '');
    if (number.length >= 5) addUnique(entry.identifiers, number);
  }
  return entry;
}

export function parseUnConsolidated(bytes: Uint8Array): ParsedSanctionsList {
  let document: XmlNode;
  try {
    document = parser.parse(new TextDecoder('utf-8').decode(bytes), true) as XmlNode;
  } catch (error) {
    throw new SanctionsFormatError('not an XML file', { cause: error });
  }
  const root = document.CONSOLIDATED_LIST as XmlNode | undefined;
  if (!root || typeof root !== 'object') throw new SanctionsFormatError('no CONSOLIDATED_LIST element');
  const entries: ParsedSanctionsEntry[] = [];
  for (const node of nodes((root.INDIVIDUALS as XmlNode | undefined)?.INDIVIDUAL)) {
    const entry = toEntry(node, 'individual');
    if (entry) entries.push(entry);
  }
  for (const node of nodes((root.ENTITIES as XmlNode | undefined)?.ENTITY)) {
    const entry = toEntry(node, 'entity');
    if (entry) entries.push(entry);
  }
  if (entries.length === 0) throw new SanctionsFormatError('no entries in the UN list');
  const generated = text(root['@dateGenerated']);
  const publishedAt = generated ? new Date(generated) : null;
  return { publishedAt: publishedAt && !Number.isNaN(publishedAt.getTime()) ? publishedAt : null, entries };
}
