/**
 * A date as visitors read it, in the site's language. The time zone is fixed (UTC) so the server
 * and every browser write the same text and hydration matches.
 */
export function formatDate(iso: string | null, language: string): string | null {
  if (iso === null) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'long', timeZone: 'UTC' };
  try {
    return new Intl.DateTimeFormat(language, options).format(date);
  } catch {
    return new Intl.DateTimeFormat('en', options).format(date);
  }
}
