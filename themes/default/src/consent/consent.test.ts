import { describe, expect, it } from 'vitest';
import { CONSENT_MAX_AGE_SECONDS, consentCookie, parseConsent, readCookie } from './consent.js';

describe('cookie consent (SPEC §4)', () => {
  it('reads a stored choice from the cookie header', () => {
    expect(parseConsent('lectern-theme=dark; lectern-cookie-consent=required')).toBe('required');
    expect(parseConsent('lectern-cookie-consent=all')).toBe('all');
    expect(parseConsent(' a=1 ;lectern-cookie-consent=disabled ; b=2')).toBe('disabled');
  });

  it('treats a missing or unknown value as "not chosen yet"', () => {
    expect(parseConsent('')).toBeNull();
    expect(parseConsent('lectern-cookie-consent=maybe')).toBeNull();
    expect(parseConsent('other-lectern-cookie-consent=all')).toBeNull();
    expect(parseConsent('lectern-cookie-consent=%E0%A4%A')).toBeNull();
  });

  it('keeps the choice for 180 days on the whole site', () => {
    expect(CONSENT_MAX_AGE_SECONDS).toBe(15_552_000);
    expect(consentCookie('all', true)).toBe('lectern-cookie-consent=all; Max-Age=15552000; Path=/; SameSite=Lax; Secure');
    expect(consentCookie('required', false)).not.toContain('Secure');
  });

  it('decodes cookie values', () => {
    expect(readCookie('x=a%20b', 'x')).toBe('a b');
  });
});
