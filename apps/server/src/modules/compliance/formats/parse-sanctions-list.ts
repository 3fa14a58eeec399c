import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { type SanctionsSource } from '@tradeops/shared';
import { SEED_ASSETS_DIR } from '../../../paths';
import { parseEuConsolidated } from './eu-consolidated-csv';
import { SanctionsFormatError, parseOfacSdn } from './ofac-sdn-csv';
import { type ParsedSanctionsList } from './sanctions-entry';
import { parseUnConsolidated } from './un-consolidated-xml';

export { SanctionsFormatError };

/** The files of one list version, by role: OFAC's trio (`sdn`, `alt`, `add`) or the one `list` file. */
export type SanctionsFiles = Partial<Record<'sdn' | 'alt' | 'add' | 'list', Uint8Array>>;

/** The roles of files each source's upload takes; the first is required. */
export const SANCTIONS_FILE_ROLES: Record<SanctionsSource, readonly (keyof SanctionsFiles)[]> = {
  ofac_sdn: ['sdn', 'alt', 'add'],
  un_consolidated: ['list'],
  eu_consolidated: ['list'],
};

/** Reads a list version in its publisher's format; a file of another shape is a SanctionsFormatError. */
export function parseSanctionsList(source: SanctionsSource, files: SanctionsFiles): ParsedSanctionsList {
  switch (source) {
    case 'ofac_sdn':
      if (!files.sdn) throw new SanctionsFormatError('sdn.csv is required');
      return parseOfacSdn({ sdn: files.sdn, alt: files.alt ?? null, add: files.add ?? null });
    case 'un_consolidated':
      if (!files.list) throw new SanctionsFormatError('the XML file is required');
      return parseUnConsolidated(files.list);
    case 'eu_consolidated':
      if (!files.list) throw new SanctionsFormatError('the CSV file is required');
      return parseEuConsolidated(files.list);
  }
}

/**
 * A quick look at the files' first bytes: is this the chosen list's format at all (not a PDF, an
 * HTML page or another list)? The full parse happens in the load job, away from the request.
 */
export function looksLikeSanctionsList(source: SanctionsSource, files: SanctionsFiles): boolean {
  const head = (bytes: Uint8Array | undefined) =>
    new TextDecoder('utf-8').decode(bytes?.subarray(0, 4096) ?? new Uint8Array());
  switch (source) {
    case 'ofac_sdn':
      return (
        /^\d+,"[^"]+"/.test(head(files.sdn)) &&
        [files.alt, files.add].every((file) => !file || /^\d+,\d+,/.test(head(file)))
      );
    case 'un_consolidated':
      return /<CONSOLIDATED_LIST[\s>]/.test(head(files.list));
    case 'eu_consolidated':
      return /Entity_LogicalId/.test(head(files.list)) && /NameAlias_WholeName/.test(head(files.list));
  }
}

const SANCTIONS_ASSETS = join(SEED_ASSETS_DIR, 'sanctions');

/** The excerpts shipped with the repository (src/seed/assets/sanctions/README.md), by source. */
export async function readShippedExcerpt(source: SanctionsSource): Promise<SanctionsFiles> {
  switch (source) {
    case 'ofac_sdn': {
      const [sdn, alt, add] = await Promise.all(
        ['sdn.csv', 'alt.csv', 'add.csv'].map((file) => readFile(join(SANCTIONS_ASSETS, 'ofac', file))),
      );
      return { sdn, alt, add };
    }
    case 'un_consolidated':
      return { list: await readFile(join(SANCTIONS_ASSETS, 'un', 'consolidated.xml')) };
    case 'eu_consolidated':
      return { list: await readFile(join(SANCTIONS_ASSETS, 'eu', 'consolidated.csv')) };
  }
}
