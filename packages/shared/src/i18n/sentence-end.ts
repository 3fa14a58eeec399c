/**
 * A catalog message often puts a name or a reason at the end of a sentence ("… a {{seller}}.",
 * "Motivo: {{reason}}."). When the inserted text already ends one — a company's legal form
 * ("Comercializadora Rioplatense S.A."), a reason typed with its full stop, a question — the
 * message's own full stop doubles it ("S.A.."). Both interpolations (the server's `translate` for
 * mails, PDFs and API messages, i18next's in the web app, through the post-processor below) pass
 * their result through `dropDoubledStops`, so the rule lives here once.
 */

/** Text ending in a full stop, a question or exclamation mark, or an ellipsis, with closing quotes or brackets after it. */
const ENDS_SENTENCE = /[.!?…]["'»”’)\]]*$/u;

export function endsSentence(value: string): boolean {
  return ENDS_SENTENCE.test(value);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * `text` with the single full stop removed wherever it directly follows one of `values` that already
 * ends a sentence. An ellipsis after a value ("S.A....") is left alone, and so is every other stop.
 */
export function dropDoubledStops(text: string, values: Iterable<unknown>): string {
  let result = text;
  for (const value of values) {
    if (typeof value !== 'string' || !endsSentence(value)) continue;
    result = result.replace(new RegExp(`${escapeRegExp(value)}\\.(?!\\.)`, 'gu'), () => value);
  }
  return result;
}

/** The name the web app registers its i18next post-processor under (`init({ postProcess: [...] })`). */
export const SENTENCE_END_POST_PROCESSOR = 'sentenceEnd';

/**
 * An i18next post-processor module (a plain object of i18next's shape, so this package needs no
 * i18next): drops the doubled stops of every translated message with inserted values. It looks at
 * every string option of the call; a setting among them (a default value, a language) only matters
 * if the message holds it followed by a stop, which would be a doubled stop too.
 */
export const sentenceEndPostProcessor = {
  type: 'postProcessor' as const,
  name: SENTENCE_END_POST_PROCESSOR,
  process(value: string, _key: unknown, options: Record<string, unknown> | undefined): string {
    return options ? dropDoubledStops(value, Object.values(options)) : value;
  },
};
