import { describe, expect, it } from 'vitest';
import { parseSanctionsList, readShippedExcerpt } from './parse-sanctions-list';
import { SanctionsFormatError, readOfacBirthDates } from './ofac-sdn-csv';

describe('the lists in their published formats', () => {
  it('reads the OFAC CSV trio: PDVSA with its aliases, program, country and RIF', async () => {
    const list = parseSanctionsList('ofac_sdn', await readShippedExcerpt('ofac_sdn'));
    expect(list.entries).toHaveLength(34);
    const pdvsa = list.entries.find((entry) => entry.ref === '26367')!;
    expect(pdvsa).toMatchObject({
      kind: 'entity',
      name: 'PETROLEOS DE VENEZUELA, S.A.',
      programs: ['VENEZUELA-EO13850'],
      countries: ['VE'],
      identifiers: ['J000950369'],
    });
    expect(pdvsa.aliases).toEqual(
      expect.arrayContaining(['PDVSA', 'PETROLEOS DE VENEZUELA S.A', 'PETROLEOS DE VENEZUELA S A']),
    );
    const maduro = list.entries.find((entry) => entry.name === 'MADURO MOROS, Nicolas')!;
    expect(maduro).toMatchObject({ kind: 'individual', birthDates: ['1962-11-23'] });
    expect(maduro.programs).toEqual(['VENEZUELA', 'IRAN-CON-ARMS-EO']);
    expect(list.entries.find((entry) => entry.ref === '26623')?.kind).toBe('vessel');
  });

  it('reads the UN XML: individuals with original-script names, entities with aliases, the generation date', async () => {
    const list = parseSanctionsList('un_consolidated', await readShippedExcerpt('un_consolidated'));
    expect(list.entries).toHaveLength(23);
    expect(list.publishedAt?.toISOString()).toBe('2026-02-27T00:00:09.554Z');
    const saddam = list.entries.find((entry) => entry.ref === 'IQi.001')!;
    expect(saddam).toMatchObject({ kind: 'individual', birthDates: ['1937-04-28'], programs: ['Iraq'] });
    expect(saddam.aliases).toContain('صدام حسين التكريتي');
    expect(list.entries.filter((entry) => entry.kind === 'entity')).toHaveLength(12);
  });

  it('reads the EU CSV: one entry per logical id from its many rows, with aliases, birth date and citizenship', async () => {
    const list = parseSanctionsList('eu_consolidated', await readShippedExcerpt('eu_consolidated'));
    expect(list.entries).toHaveLength(8);
    expect(list.publishedAt?.toISOString()).toBe('2022-10-28T00:00:00.000Z');
    expect(list.entries.find((entry) => entry.ref === '13')).toMatchObject({
      name: 'Saddam Hussein Al-Tikriti',
      aliases: ['Abu Ali', 'Abou Ali'],
      birthDates: ['1937-04-28'],
      countries: ['IQ'],
      programs: ['IRQ'],
    });
    expect(list.entries.find((entry) => entry.name.includes('CABELLO'))).toMatchObject({
      kind: 'individual',
      countries: ['VE'],
      birthDates: ['1963-04-15'],
    });
  });

  it('refuses a file of another shape with a format error', () => {
    const bytes = new TextEncoder().encode('<html><body>not a list</body></html>');
    expect(() => parseSanctionsList('un_consolidated', { list: bytes })).toThrow(SanctionsFormatError);
    expect(() => parseSanctionsList('eu_consolidated', { list: bytes })).toThrow(SanctionsFormatError);
    expect(() => parseSanctionsList('ofac_sdn', { sdn: bytes })).toThrow(SanctionsFormatError);
  });

  it('reads the dates of birth OFAC writes in its remarks', () => {
    expect(readOfacBirthDates('DOB 23 Nov 1962; POB Caracas')).toEqual(['1962-11-23']);
    expect(readOfacBirthDates('DOB circa 1960; alt. DOB Mar 1961')).toEqual(['1960', '1961']);
  });
});
