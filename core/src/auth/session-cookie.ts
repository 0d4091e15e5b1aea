import type { CookieSerializeOptions } from '@fastify/cookie';

/** The session cookie the server reads to render signed-in pages (SPEC §9: about one year). */
export const SESSION_COOKIE = 'lectern-access-token';
export const SESSION_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 3600;

export function sessionCookieOptions(secure: boolean): CookieSerializeOptions {
  // httpOnly: scripts use supabase-js's own storage; only the server needs this copy.
  // SameSite=Lax and read only for GET/HEAD: a cross-site form cannot act with it.
  return { path: '/', httpOnly: true, sameSite: 'lax', secure, maxAge: SESSION_COOKIE_MAX_AGE_SECONDS };
}
