import {
  type SanctionsEntryFields,
  type SanctionsEntryKind,
  type SanctionsSource,
  type ScreeningSubject,
} from '@tradeops/shared';
import jaroWinkler from 'talisman/metrics/jaro-winkler.js';
import { toIdentifierKey } from './formats/sanctions-entry';
import { toNameTokens } from './name-normalization';

/**
 * The in-memory index one screening searches: every name and alias of the lists in force,
 * normalised once. A query finds its candidate names through their tokens (exact, and similar
 * tokens found by shared trigrams, so one or two wrong letters still find the name), then scores
 * each candidate by Jaro-Winkler over the best pairing of tokens (order does not matter), weighted
 * by token length, so a name with words the other lacks scores lower. Country and date of birth
 * then strengthen or weaken the score. Searching is synchronous and touches no database.
 */

export interface IndexedEntry extends SanctionsEntryFields {
  id: number;
  listId: string;
  source: SanctionsSource;
  identifiers: string[];
}

export interface ScreeningQuery {
  subject: ScreeningSubject;
  name: string;
  /** ISO alpha-2: where the company is registered. */
  country?: string | null;
  /** 'YYYY-MM-DD' (people only). */
  birthDate?: string | null;
  /** A tax or registration id, compared exactly with the lists' identifiers. */
  identifier?: string | null;
}

export type ScoreAdjustment = 'country_match' | 'country_mismatch' | 'dob_match' | 'dob_year_match' | 'dob_mismatch';

export interface ScreeningMatch {
  entry: IndexedEntry;
  /** The listed name or alias that matched best. */
  matchedName: string;
  /** Similarity of the names alone. */
  nameScore: number;
  /** After country and date of birth (what the threshold is compared with). */
  score: number;
  adjustments: ScoreAdjustment[];
  /** The query's identifier equals one of the entry's. */
  identifierMatch: boolean;
}

/** Token pairs less alike than this count as unmatched: "alimentos" is not half of "petroleos". */
const TOKEN_FLOOR = 0.8;
/** A vocabulary token is a fuzzy candidate of a query token from this similarity. */
const SIMILAR_TOKEN = 0.84;
/** Query tokens whose similar vocabulary tokens are remembered. */
const SIMILAR_CACHE_SIZE = 20_000;
/** How far below the floor a candidate's best possible pairing may be and still be scored. */
const BOUND_MARGIN = 0.12;
const ADJUSTMENT = {
  countryMatch: 0.02,
  countryMismatch: -0.04,
  dobMatch: 0.05,
  dobYearMatch: 0.02,
  dobMismatch: -0.1,
} as const;

interface IndexedName {
  entryIndex: number;
  text: string;
  tokens: string[];
  length: number;
}

function trigramsOf(token: string): string[] {
  const padded = `^${token}$`;
  const grams: string[] = [];
  for (let index = 0; index + 3 <= padded.length; index += 1) grams.push(padded.slice(index, index + 3));
  return grams;
}

function totalLength(tokens: readonly string[]): number {
  let sum = 0;
  for (const token of tokens) sum += token.length;
  return sum;
}

/**
 * Similarity of two token lists, 0–1: tokens paired best-first (each used once), each pair's
 * Jaro-Winkler weighted by the pair's length over the length of both names; unpaired tokens
 * weigh as zeros. Order-free: "Maduro Moros Nicolas" and "Nicolas Maduro Moros" score 1.
 */
export function scoreTokens(
  query: readonly string[],
  name: readonly string[],
  queryLength = totalLength(query),
): number {
  if (query.length === 0 || name.length === 0) return 0;
  const pairs: { score: number; q: number; n: number }[] = [];
  for (let q = 0; q < query.length; q += 1) {
    for (let n = 0; n < name.length; n += 1) {
      const a = query[q]!;
      const b = name[n]!;
      const score = a === b ? 1 : jaroWinkler(a, b);
      if (score >= TOKEN_FLOOR) pairs.push({ score, q, n });
    }
  }
  pairs.sort((left, right) => right.score - left.score);
  const usedQuery = new Set<number>();
  const usedName = new Set<number>();
  let weighted = 0;
  for (const pair of pairs) {
    if (usedQuery.has(pair.q) || usedName.has(pair.n)) continue;
    usedQuery.add(pair.q);
    usedName.add(pair.n);
    weighted += pair.score * (query[pair.q]!.length + name[pair.n]!.length);
  }
  return Math.max(weighted / (queryLength + totalLength(name)), scoreJoined(query, name));
}

/**
 * The names' letters compared whole (tokens sorted, spaces gone): catches a word split or merged
 * ("Globovision Tele" / "Globovisiontele") and a typo in a short one-word name, where a single
 * token pair has too few letters for Jaro-Winkler to forgive one wrong letter.
 */
function scoreJoined(query: readonly string[], name: readonly string[]): number {
  const a = [...query].sort().join('');
  const b = [...name].sort().join('');
  if (a === b) return 1;
  if (a.length < 6 || b.length < 6) return 0;
  return jaroWinkler(a, b);
}

function adjustForCountry(entry: IndexedEntry, country: string | null | undefined, adjustments: ScoreAdjustment[]) {
  if (!country || entry.countries.length === 0) return 0;
  if (entry.countries.includes(country)) {
    adjustments.push('country_match');
    return ADJUSTMENT.countryMatch;
  }
  adjustments.push('country_mismatch');
  return ADJUSTMENT.countryMismatch;
}

function adjustForBirthDate(entry: IndexedEntry, birthDate: string | null | undefined, adjustments: ScoreAdjustment[]) {
  if (!birthDate || entry.birthDates.length === 0) return 0;
  if (entry.birthDates.includes(birthDate)) {
    adjustments.push('dob_match');
    return ADJUSTMENT.dobMatch;
  }
  const year = birthDate.slice(0, 4);
  if (entry.birthDates.some((date) => date.slice(0, 4) === year)) {
    adjustments.push('dob_year_match');
    return ADJUSTMENT.dobYearMatch;
  }
  adjustments.push('dob_mismatch');
  return ADJUSTMENT.dobMismatch;
}

function clamp(score: number): number {
  return Math.min(1, Math.max(0, Math.round(score * 10_000) / 10_000));
}

export class SanctionsIndex {
  readonly entries: readonly IndexedEntry[];
  private readonly names: IndexedName[] = [];
  private readonly vocabulary = new Map<string, number>();
  private readonly vocabularyTokens: string[] = [];
  /** Vocabulary token → the names that hold it. */
  private readonly postings: number[][] = [];
  /** Trigram → vocabulary tokens that hold it. */
  private readonly trigrams = new Map<string, number[]>();
  private readonly byIdentifier = new Map<string, number[]>();
  /** Scratch counters of shared trigrams, one per vocabulary token, zeroed after each use. */
  private trigramCounts: Uint16Array = new Uint16Array(0);
  private readonly similarCache = new Map<string, number[]>();

  constructor(entries: readonly IndexedEntry[]) {
    this.entries = entries;
    entries.forEach((entry, entryIndex) => {
      for (const text of [entry.name, ...entry.aliases]) this.addName(entryIndex, text);
      for (const identifier of entry.identifiers) {
        const list = this.byIdentifier.get(identifier) ?? [];
        list.push(entryIndex);
        this.byIdentifier.set(identifier, list);
      }
    });
    this.trigramCounts = new Uint16Array(this.vocabularyTokens.length);
  }

  get size(): number {
    return this.entries.length;
  }

  get nameCount(): number {
    return this.names.length;
  }

  private addName(entryIndex: number, text: string): void {
    const tokens = toNameTokens(text);
    if (tokens.length === 0) return;
    const nameIndex = this.names.length;
    this.names.push({ entryIndex, text, tokens, length: totalLength(tokens) });
    for (const token of new Set(tokens)) {
      let tokenId = this.vocabulary.get(token);
      if (tokenId === undefined) {
        tokenId = this.vocabularyTokens.length;
        this.vocabulary.set(token, tokenId);
        this.vocabularyTokens.push(token);
        this.postings.push([]);
        for (const gram of trigramsOf(token)) {
          const holders = this.trigrams.get(gram);
          if (holders) holders.push(tokenId);
          else this.trigrams.set(gram, [tokenId]);
        }
      }
      this.postings[tokenId]!.push(nameIndex);
    }
  }

  /** Vocabulary tokens equal or close to a query token (one or two letters apart). */
  private similarTokens(token: string): number[] {
    const exact = this.vocabulary.get(token);
    const found = exact === undefined ? [] : [exact];
    // Short tokens are compared exactly: three letters leave no room for a typo to be told from another word.
    if (token.length < 4) return found;
    const cached = this.similarCache.get(token);
    if (cached) return cached;
    const grams = trigramsOf(token);
    const counts = this.trigramCounts;
    const touched: number[] = [];
    for (const gram of grams) {
      for (const tokenId of this.trigrams.get(gram) ?? []) {
        if (counts[tokenId] === 0) touched.push(tokenId);
        counts[tokenId] = counts[tokenId]! + 1;
      }
    }
    const needed = Math.max(1, Math.floor(grams.length * 0.34));
    for (const tokenId of touched) {
      const count = counts[tokenId]!;
      counts[tokenId] = 0;
      if (count < needed || tokenId === exact) continue;
      const candidate = this.vocabularyTokens[tokenId]!;
      if (Math.abs(candidate.length - token.length) > 3) continue;
      if (jaroWinkler(token, candidate) >= SIMILAR_TOKEN) found.push(tokenId);
    }
    // Names repeat their words ("comercializadora", "trading"): a re-screening of every company asks the same ones.
    if (this.similarCache.size >= SIMILAR_CACHE_SIZE) this.similarCache.clear();
    this.similarCache.set(token, found);
    return found;
  }

  private acceptsKind(subject: ScreeningSubject, kind: SanctionsEntryKind): boolean {
    return subject === 'person' ? kind === 'individual' : kind !== 'individual';
  }

  /**
   * The entries whose best name (or identifier) scores at least `floor` for the query, best first,
   * and the best score seen (the screening keeps it even below the threshold).
   */
  search(query: ScreeningQuery, floor: number): { matches: ScreeningMatch[]; bestScore: number } {
    const queryTokens = toNameTokens(query.name);
    const queryLength = totalLength(queryTokens);
    const bestByEntry = new Map<number, { nameIndex: number; score: number }>();
    // Per candidate name, the letters its tokens could pair with the query's (each query token
    // counted once per occurrence): with every pair perfect, the score could not exceed that share of both names.
    const pairedLetters = new Map<number, number>();
    const similarByToken = new Map<string, number[]>();
    // Every occurrence counts: a name that repeats a word ("Esfahan … Esfahan") pairs it twice.
    for (const token of queryTokens) {
      const reached = new Map<number, number>();
      let similar = similarByToken.get(token);
      if (!similar) {
        similar = this.similarTokens(token);
        similarByToken.set(token, similar);
      }
      for (const tokenId of similar) {
        const letters = token.length + this.vocabularyTokens[tokenId]!.length;
        for (const nameIndex of this.postings[tokenId]!) {
          if ((reached.get(nameIndex) ?? 0) < letters) reached.set(nameIndex, letters);
        }
      }
      for (const [nameIndex, letters] of reached)
        pairedLetters.set(nameIndex, (pairedLetters.get(nameIndex) ?? 0) + letters);
    }
    for (const [nameIndex, letters] of pairedLetters) {
      const name = this.names[nameIndex]!;
      // A name most of whose letters pair with nothing cannot reach the floor (the margin leaves
      // room for the letters-as-a-whole comparison, which forgives typos the pairing does not).
      if (letters / (queryLength + name.length) < floor - BOUND_MARGIN) continue;
      const entry = this.entries[name.entryIndex]!;
      if (!this.acceptsKind(query.subject, entry.kind)) continue;
      const score = scoreTokens(queryTokens, name.tokens, queryLength);
      const best = bestByEntry.get(name.entryIndex);
      if (!best || score > best.score) bestByEntry.set(name.entryIndex, { nameIndex, score });
    }
    const identifierKey = query.identifier ? toIdentifierKey(query.identifier) : '';
    const identifierEntries = new Set(identifierKey.length >= 5 ? (this.byIdentifier.get(identifierKey) ?? []) : []);
    for (const entryIndex of identifierEntries) {
      if (!bestByEntry.has(entryIndex)) bestByEntry.set(entryIndex, { nameIndex: -1, score: 0 });
    }
    let bestScore = 0;
    const matches: ScreeningMatch[] = [];
    for (const [entryIndex, best] of bestByEntry) {
      const entry = this.entries[entryIndex]!;
      const identifierMatch = identifierEntries.has(entryIndex);
      const adjustments: ScoreAdjustment[] = [];
      const adjusted =
        best.score +
        adjustForCountry(entry, query.country, adjustments) +
        (query.subject === 'person' ? adjustForBirthDate(entry, query.birthDate, adjustments) : 0);
      // The same tax or registration id is the entry, whatever the name says.
      const score = identifierMatch ? 1 : clamp(adjusted);
      bestScore = Math.max(bestScore, score);
      if (score < floor) continue;
      matches.push({
        entry,
        matchedName: best.nameIndex >= 0 ? this.names[best.nameIndex]!.text : entry.name,
        nameScore: clamp(best.score),
        score,
        adjustments,
        identifierMatch,
      });
    }
    matches.sort((left, right) => right.score - left.score || left.entry.id - right.entry.id);
    return { matches, bestScore };
  }
}
