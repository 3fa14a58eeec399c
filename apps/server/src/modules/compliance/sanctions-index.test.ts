import { SANCTIONS_SOURCES } from '@tradeops/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { parseSanctionsList, readShippedExcerpt } from './formats/parse-sanctions-list';
import { toNameTokens } from './name-normalization';
import { type IndexedEntry, SanctionsIndex, scoreTokens } from './sanctions-index';

let index: SanctionsIndex;

beforeAll(async () => {
  const entries: IndexedEntry[] = [];
  for (const source of SANCTIONS_SOURCES) {
    const list = parseSanctionsList(source, await readShippedExcerpt(source));
    for (const entry of list.entries) entries.push({ ...entry, id: entries.length + 1, listId: source, source });
  }
  index = new SanctionsIndex(entries);
});

describe('name normalisation', () => {
  it('drops accents, punctuation, legal forms and particles, and joins initials', () => {
    expect(toNameTokens('Petróleos de Venezuela, S.A.')).toEqual(['petroleos', 'venezuela']);
    expect(toNameTokens('PETROLEOS DE VENEZUELA S A')).toEqual(['petroleos', 'venezuela']);
    expect(toNameTokens('P.D.V.S.A.')).toEqual(['pdvsa']);
    expect(toNameTokens('Distribuidora Imperial de Baja California, S.A. de C.V.')).toEqual([
      'distribuidora',
      'imperial',
      'baja',
      'california',
    ]);
    expect(toNameTokens('Comercializadora Brimar’s Ltda.')).toEqual(['comercializadora', 'brimars']);
  });

  it('transliterates non-Latin names', () => {
    expect(toNameTokens('Евро Финанс Моснарбанк')).toEqual(['evro', 'finans', 'mosnarbank']);
    expect(toNameTokens('صدام حسين التكريتي').length).toBeGreaterThan(1);
  });

  it('scores names regardless of word order', () => {
    expect(scoreTokens(toNameTokens('Nicolás Maduro Moros'), toNameTokens('MADURO MOROS, Nicolas'))).toBe(1);
  });
});

describe('screening one name against the lists', () => {
  it('finds PDVSA written as a company would sign up, with the entry, program and score', () => {
    const { matches } = index.search({ subject: 'company', name: 'Petróleos de Venezuela C.A.' }, 0.9);
    expect(matches[0]).toMatchObject({
      matchedName: expect.stringMatching(/PETROLEOS DE VENEZUELA/),
      score: 1,
      entry: { source: 'ofac_sdn', ref: '26367', programs: ['VENEZUELA-EO13850'] },
    });
  });

  it('finds a name written in Cyrillic against its Latin listing', () => {
    const { matches } = index.search({ subject: 'company', name: 'Эврофинанс Моснарбанк' }, 0.9);
    expect(matches.map((match) => match.entry.ref)).toContain('26503');
  });

  it('finds a person by the name in original script the UN lists', () => {
    const { matches } = index.search({ subject: 'person', name: 'صدام حسين التكريتي' }, 0.9);
    expect(matches.map((match) => match.entry.ref)).toContain('IQi.001');
  });

  it('screens companies against entities and people against individuals only', () => {
    expect(index.search({ subject: 'person', name: 'Petroleos de Venezuela' }, 0.9).matches).toEqual([]);
    expect(index.search({ subject: 'company', name: 'Nicolas Maduro Moros' }, 0.9).matches).toEqual([]);
  });

  it('strengthens a hit whose country matches and weakens one whose country or date of birth does not', () => {
    const name = 'Diosdado Cabello Rondon';
    const plain = index.search({ subject: 'person', name }, 0.5).matches.find((m) => m.entry.source === 'ofac_sdn')!;
    const sameBirth = index
      .search({ subject: 'person', name, birthDate: '1963-04-15', country: 'VE' }, 0.5)
      .matches.find((m) => m.entry.source === 'ofac_sdn')!;
    const otherBirth = index
      .search({ subject: 'person', name, birthDate: '1990-01-01', country: 'AR' }, 0.5)
      .matches.find((m) => m.entry.source === 'ofac_sdn')!;
    expect(sameBirth.adjustments).toEqual(['country_match', 'dob_match']);
    expect(otherBirth.adjustments).toEqual(['country_mismatch', 'dob_mismatch']);
    expect(otherBirth.score).toBeLessThan(0.9);
    expect(otherBirth.score).toBeLessThan(plain.score);
    expect(sameBirth.score).toBeGreaterThanOrEqual(plain.score);
  });

  it('matches a listed tax id whatever the name says', () => {
    const { matches } = index.search({ subject: 'company', name: 'Comercial Andina', identifier: 'J-00095036-9' }, 0.9);
    expect(matches[0]).toMatchObject({ identifierMatch: true, score: 1, entry: { ref: '26367' } });
  });

  it('leaves a clean company clear', () => {
    const result = index.search({ subject: 'company', name: 'Lácteos del Sur S.A.', country: 'UY' }, 0.9);
    expect(result.matches).toEqual([]);
    expect(result.bestScore).toBeLessThan(0.9);
  });
});
