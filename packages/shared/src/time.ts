/** Milliseconds in a minute, an hour and a day: durations are written with these, not retyped. */
export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The calendar date of a moment as forms and the API send it: YYYY-MM-DD in UTC (the server's and the forms' common clock). */
export function toIsoDate(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/** The calendar date (YYYY-MM-DD, UTC) `days` after `now`, before it when negative. */
export function isoDateInDays(days: number, now = new Date()): string {
  return toIsoDate(new Date(now.getTime() + days * DAY_MS));
}

/** Today as YYYY-MM-DD in UTC. */
export function todayIsoDate(now = new Date()): string {
  return toIsoDate(now);
}

/**
 * Whole days left until a deadline, counting a started day as one (a deal that
 * closes in 30 h has 2 days left). Zero or less means the deadline has passed.
 */
export function daysUntil(deadline: string | Date, now: Date = new Date()): number {
  const ms = new Date(deadline).getTime() - now.getTime();
  return ms <= 0 ? 0 : Math.ceil(ms / DAY_MS);
}
