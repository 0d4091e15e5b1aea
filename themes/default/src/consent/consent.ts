/** SPEC §4 Cookie consent: unset, then all, required or disabled, kept 180 days. */
export const CONSENT_COOKIE = 'lectern-cookie-consent';
export const CONSENT_MAX_AGE_SECONDS = 180 * 24 * 3600;
export const CONSENT_CHOICES = ['all', 'required', 'disabled'] as const;
export type ConsentChoice = (typeof CONSENT_CHOICES)[number];

/** Reads one cookie from a `document.cookie`-style string. */
export function readCookie(cookieHeader: string, name: string): string | null {
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() !== name) continue;
    const raw = part.slice(eq + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      return raw;
    }
  }
  return null;
}

/** The stored choice, or null when the visitor has not chosen (or the cookie holds junk). */
export function parseConsent(cookieHeader: string): ConsentChoice | null {
  const value = readCookie(cookieHeader, CONSENT_COOKIE);
  return value !== null && (CONSENT_CHOICES as readonly string[]).includes(value) ? (value as ConsentChoice) : null;
}

export function consentCookie(choice: ConsentChoice, secure: boolean): string {
  return `${CONSENT_COOKIE}=${choice}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Window event other scripts (analytics, plugins) can follow; detail is the choice. */
export const CONSENT_EVENT = 'lectern:cookie-consent';
