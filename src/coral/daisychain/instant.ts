/**
 * A moment in UTC as `Date.prototype.toISOString` writes it, seconds required
 * and fractions optional: `2026-03-01T09:30:00Z`, `2026-03-01T09:30:00.250Z`.
 * Checked by reading the parts back from a Date, so a day that no calendar
 * has (30 February, 29 February outside a leap year) or an hour past 23 is
 * refused without a long pattern.
 */
const SHAPE = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?Z$/;

export function isUtcInstant(text: string): boolean {
  const parts = SHAPE.exec(text)?.slice(1).map(Number);
  if (!parts) return false;
  const [year = 0, month = 0, day = 0, hours = 0, minutes = 0, seconds = 0] = parts;
  const date = new Date(0);
  // setUTCFullYear, unlike Date.UTC, takes years 0 to 99 as they are.
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hours, minutes, seconds);
  return (
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day &&
    date.getUTCHours() === hours &&
    date.getUTCMinutes() === minutes &&
    date.getUTCSeconds() === seconds
  );
}
