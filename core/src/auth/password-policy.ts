/** A short list of the most common passwords; a breached-password service can replace it later. */
const COMMON = new Set([
  'password', 'password1', 'password123', '12345678', '123456789', '1234567890', 'qwerty123', 'qwertyuiop',
  'iloveyou', 'admin123', 'welcome1', 'letmein1', 'abc12345', 'football', 'baseball', 'sunshine', 'princess',
  'passw0rd', 'p@ssw0rd', 'changeme', 'trustno1', '11111111', '00000000', 'superman', 'dragon123',
]);

export const MIN_PASSWORD_LENGTH = 8;

export interface PasswordVerdict {
  ok: boolean;
  reasons: Array<'length' | 'characters' | 'pwned'>;
  message: string;
}

/**
 * At least 8 characters, at least one letter and one digit, not a well-known password. Answered
 * as GoTrue's weak_password with the reasons, which the client turns into AuthWeakPasswordError.
 */
export function checkPassword(password: string, minLength = MIN_PASSWORD_LENGTH): PasswordVerdict {
  const reasons: PasswordVerdict['reasons'] = [];
  const messages: string[] = [];
  if ([...password].length < minLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${minLength} characters.`);
  }
  if (!/\p{L}/u.test(password) || !/\p{N}/u.test(password)) {
    reasons.push('characters');
    messages.push('Password should contain at least one letter and one digit.');
  }
  if (COMMON.has(password.toLowerCase())) {
    reasons.push('pwned');
    messages.push('Password is known to be weak and easy to guess, please choose a different one.');
  }
  return { ok: reasons.length === 0, reasons, message: messages.join(' ') };
}
