import {
  type Language,
  type OperationHeadFacts,
  availableTons,
  daysUntil,
  formatUsd,
  localeOf,
} from '@tradeops/shared';
import { translate } from '../../plugins/i18n';
import { pickTitle } from '../operations/operations.service';
import { type PreviewOperationRow } from './seo.repo';

/**
 * An operation's figures as a link preview shows them, in one language: the page head's facts
 * with the days left as a number (the preview image and the head each word them their own way).
 */
export interface OperationSummary extends Omit<OperationHeadFacts, 'deadline'> {
  /** Whole days left (a started day counts), 0 once passed, null without a deadline. */
  daysLeft: number | null;
}

function countryName(lang: Language, code: string): string {
  const key = `countries.${code.toUpperCase()}`;
  const name = translate(lang, key);
  return name === key ? code : name;
}

export function summarizeOperation(row: PreviewOperationRow, lang: Language, now: Date): OperationSummary {
  return {
    id: row.id,
    title: pickTitle(row, lang),
    origin: countryName(lang, row.originCountry),
    destination: countryName(lang, row.destinationCountry),
    availableTons: availableTons({ totalTons: row.totalTons, allocatedTons: row.allocatedTons }),
    totalTons: row.totalTons,
    price: formatUsd(row.pricePerTonCents, localeOf(lang)),
    daysLeft: row.deadline ? daysUntil(row.deadline, now) : null,
  };
}

/** A catalog message with a count: `<key>_one` or `<key>_other` by the language's plural rules. */
export function translatePlural(lang: Language, key: string, count: number): string {
  const category = new Intl.PluralRules(localeOf(lang)).select(count) === 'one' ? 'one' : 'other';
  return translate(lang, `${key}_${category}`, { count });
}

/** "Cierra en 12 días." / "Plazo cerrado." / "Sin fecha límite." (the `seo.deadline` or `seo.preview` texts). */
export function describeDeadline(lang: Language, daysLeft: number | null, namespace: 'seo.deadline' | 'seo.preview') {
  if (daysLeft === null) return translate(lang, `${namespace}.none`);
  if (daysLeft <= 0) return translate(lang, `${namespace}.closed`);
  return translatePlural(lang, `${namespace}.daysLeft`, daysLeft);
}
