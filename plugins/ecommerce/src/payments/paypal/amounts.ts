/**
 * PayPal takes amounts as decimal strings in major units ("10.00"; JPY "1000"). HUF, JPY and TWD
 * take no decimals at all at PayPal (its currency-codes reference), although ISO gives HUF and TWD
 * two: those are charged in whole units, rounded. Strings are built from the integer, never from a
 * float, so no amount picks up noise.
 */
const WHOLE_UNITS_ONLY = new Set(['HUF', 'JPY', 'TWD']);

/** The digits PayPal accepts for a currency: ISO's, except the whole-unit currencies above. */
function paypalDigits(currency: string, digits: number): number {
  return WHOLE_UNITS_ONLY.has(currency.toUpperCase()) ? 0 : digits;
}

/** Minor units (ISO digits) as PayPal's amount string: 1000 USD → "10.00", 1234 KWD → "1.234", 1000 JPY → "1000". */
export function toPaypalValue(minor: number, currency: string, digits: number): string {
  if (!Number.isSafeInteger(minor) || minor < 0) throw new RangeError(`not a minor-unit amount: ${minor}`);
  const wanted = paypalDigits(currency, digits);
  const scale = 10 ** (digits - wanted);
  // Half away from zero, like the rest of the shop's money rounding.
  const units = Math.round(minor / scale);
  if (wanted === 0) return String(units);
  const text = String(units).padStart(wanted + 1, '0');
  return `${text.slice(0, -wanted)}.${text.slice(-wanted)}`;
}

/** PayPal's amount string back to minor units (ISO digits); null when it is not a plain decimal. */
export function fromPaypalValue(value: string, currency: string, digits: number): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(value.trim());
  if (match === null) return null;
  const [, whole = '0', fraction = ''] = match;
  if (fraction.length > digits) return null;
  const minor = Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
  // A whole-unit currency's value is already rounded; it maps back onto the ISO scale unchanged.
  return Number.isSafeInteger(minor) ? minor : null;
}
