import { dictionary } from '@zxcvbn-ts/language-common';
import type { AuthSettings, PasswordCharacterRule } from '../options/options-service.js';

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
const SYMBOLS = "!@#$%^&*()_+-=[]{};'\\:\"|<>?,./`~";
const CHARACTER_SETS: Record<PasswordCharacterRule, string[]> = {
  none: [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_digits: [LOWER, UPPER, DIGITS],
  lower_upper_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export const PASSWORD_CHARACTER_RULES = Object.keys(CHARACTER_SETS) as PasswordCharacterRule[];

export interface PasswordPolicy {
  minLength: number;
  requiredCharacters: PasswordCharacterRule;
  checkCommon: boolean;
}

export interface PasswordVerdict {
  ok: boolean;
  reasons: Array<'length' | 'characters' | 'pwned'>;
  message: string;
}

/** The site's policy from its sign-in settings (defaults: DECISIONS.md "Sign-in policy"). */
export function passwordPolicy(settings: Pick<AuthSettings, 'passwordMinLength' | 'passwordRequiredCharacters' | 'passwordCheckCommon'>): PasswordPolicy {
  return { minLength: settings.passwordMinLength, requiredCharacters: settings.passwordRequiredCharacters, checkCommon: settings.passwordCheckCommon };
}

/**
 * Checks a new password against the site's policy, with GoTrue's reasons and messages
 * (weak_password: length, characters, pwned), which supabase-js turns into AuthWeakPasswordError.
 * Length counts characters, not bytes.
 */
export function checkPassword(password: string, policy: PasswordPolicy): PasswordVerdict {
  const reasons: PasswordVerdict['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < policy.minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minLength} characters.`);
  }
  const sets = CHARACTER_SETS[policy.requiredCharacters] ?? [];
  if (sets.some((set) => ![...set].some((c) => password.includes(c)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  if (policy.checkCommon && commonPasswords().has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
