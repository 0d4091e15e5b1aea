/**
 * A renewal period in the screen's language ("3 months", "1 week"): Intl knows the units and their
 * plural forms in every language, so catalogues need only the sentence around it.
 */
export function periodText(value: number, parameter: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'unit', unit: parameter, unitDisplay: 'long' }).format(value);
  } catch {
    return `${value} ${parameter}`;
  }
}
