import { dateTimeFormat } from './intl-formats';
import { localeOf } from './languages';

/**
 * Dates as people read them, in their language: the web and the server's mails
 * and messages write them alike. A calendar date (YYYY-MM-DD, the API's and the
 * forms' UTC date) is the same day wherever the reader is; a deadline is a moment
 * and names the time zone it is written in, so a buyer in UTC−3 and one in UTC−5
 * read the same instant.
 */

/** "23 nov 2026" / "Nov 23, 2026" for a YYYY-MM-DD date (or the date part of an ISO moment, in UTC). */
export function formatCalendarDate(isoDate: string, language: string): string {
  const day = new Date(`${isoDate.slice(0, 10)}T00:00:00Z`);
  if (Number.isNaN(day.getTime())) return isoDate;
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeZone: 'UTC' }).format(day);
}

/** The offset of a time zone at a moment, written "UTC−3", "UTC+5:30" or "UTC". */
export function formatUtcOffset(moment: Date, timeZone?: string): string {
  const name =
    dateTimeFormat('en-US', { timeZoneName: 'shortOffset', timeZone })
      .formatToParts(moment)
      .find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const offset = name.replace(/^GMT/, '').replace(/^[+-]0$/, '');
  return `UTC${offset.replace('-', '−')}`;
}

/**
 * "26 nov 2026, 8:35 p.m. (UTC−3)" / "Nov 26, 2026, 8:35 PM (UTC−3)": a deadline in the
 * reader's time zone (the runtime's when none is given: the browser's on the web), with it named.
 */
export function formatDeadline(moment: string | Date, language: string, timeZone?: string): string {
  const at = new Date(moment);
  const text = dateTimeFormat(localeOf(language), {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(at);
  return `${text} (${formatUtcOffset(at, timeZone)})`;
}
