import { dictionary } from '@zxcvbn-ts/language-common';
import type { AuthSettings, PasswordCharacterRule } from '../options/options-service.js';
import { authErrors } from './auth-error.js';

/**
 * About 49,000 passwords ranked by how often they appear in breached password dumps, shipped
 * inside @zxcvbn-ts/language-common (nothing is fetched at run time); the lookup set is built on first use.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/**
 * GoTrue's required-character sets for each choice, in its order: a password needs at least one
 * character of every set. GoTrue's message lists the sets, so ours does too.
 */
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';
const CHARACTER_SETS: Record<PasswordCharacterRule, string[]> = {
  none: [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_digits: [LOWER, UPPER, DIGITS],
  lower_upper_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export const PASSWORD_CHARACTER_RULES = Object.keys(CHARACTER_SETS) as PasswordCharacterRule[];

/** The sign-in settings a new password is checked against (defaults: DECISIONS.md "Sign-in policy"). */
type PasswordSettings = Pick<AuthSettings, 'passwordMinLength' | 'passwordRequiredCharacters' | 'passwordCheckCommon'>;

/**
 * Refuses a new password the site's policy does not allow, with GoTrue's reasons and messages
 * (422 weak_password: length, characters, pwned), which supabase-js turns into AuthWeakPasswordError.
 * Length counts characters, not bytes.
 */
export function assertPasswordAllowed(password: string, settings: PasswordSettings): void {
  const reasons: Array<'length' | 'characters' | 'pwned'> = [];
  const messages: string[] = [];
  if ([...password].length < settings.passwordMinLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${settings.passwordMinLength} characters.`);
  }
  const sets = CHARACTER_SETS[settings.passwordRequiredCharacters] ?? [];
  if (sets.some((set) => ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (settings.passwordCheckCommon && commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  if (reasons.length > 0) throw authErrors.weakPassword(reasons, messages.join(' '));
}
