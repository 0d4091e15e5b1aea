/** Conversions between the API's ISO instants and the browser's local date and time inputs. */

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a `datetime-local` input's value in the browser's time zone ('' for none). */
export function localInputOf(iso: string | null): string {
  if (iso === null) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A `datetime-local` (or `date`) input's value read in the browser's time zone, as an ISO instant; null when blank or not a date. */
export function isoOfLocal(value: string): string | null {
  const text = value.trim();
  if (text === '') return null;
  // A bare date is read as local midnight (Date would read it as UTC midnight).
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(text) ? `${text}T00:00` : text);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** The last millisecond of a local calendar day typed in a `date` input: "to" filters include the whole day. */
export function endOfLocalDay(value: string): string | null {
  const start = isoOfLocal(value);
  if (start === null) return null;
  const date = new Date(start);
  date.setDate(date.getDate() + 1);
  return new Date(date.getTime() - 1).toISOString();
}
