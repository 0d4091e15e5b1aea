/** SPEC §5: an email is {local}@{domain} with a top-level domain of at least 2 letters. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)*\.[A-Za-z]{2,}$/;
/** E.164-ish: 8 to 15 digits, optional leading +, common separators allowed. */
const PHONE = /^\+?[\d\s().-]{8,20}$/;

export function isEmail(value: string): boolean {
  return EMAIL.test(value.trim());
}

export function isPhone(value: string): boolean {
  const digits = value.replace(/\D/g, '');
  return PHONE.test(value.trim()) && digits.length >= 8 && digits.length <= 15;
}
