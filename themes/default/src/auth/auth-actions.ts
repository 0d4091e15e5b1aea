/**
 * Sign-in, sign-up, recovery and sign-out through supabase-js. Loaded with a dynamic import only
 * where it is needed (/login, /signup, or the moment someone logs out), so content pages never
 * ship supabase-js.
 */
import { siteBackend, supabaseClient } from './supabase-client.js';

export type AuthOutcome = { kind: 'done' } | { kind: 'mfa'; factorId: string } | { kind: 'confirm' } | { kind: 'error'; message: string };

const failure = (error: unknown): AuthOutcome => ({ kind: 'error', message: error instanceof Error && error.message !== '' ? error.message : '' });

/**
 * The platform's sign-up sends a new site's owner here with `#handoff=…`, a one-time secret of this
 * site: exchanged for a session (POST /auth/v1/token?grant_type=handoff), which supabase-js then
 * keeps, so the dashboard opens signed in.
 */
export async function acceptHandoff(secret: string): Promise<AuthOutcome> {
  try {
    const own = await siteBackend();
    const response = await fetch(`${own.backend_url}/auth/v1/token?grant_type=handoff`, {
      method: 'POST',
      headers: { apikey: own.anon_key, 'content-type': 'application/json' },
      body: JSON.stringify({ handoff_token: secret }),
    });
    const answer = (await response.json().catch(() => ({}))) as { access_token?: string; refresh_token?: string; msg?: string };
    if (!response.ok || answer.access_token === undefined || answer.refresh_token === undefined) return { kind: 'error', message: '' };
    const { error } = await (await supabaseClient()).auth.setSession({ access_token: answer.access_token, refresh_token: answer.refresh_token });
    return error === null ? { kind: 'done' } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/** Password sign-in; a member with a verified authenticator must then give its code (aal2). */
export async function signIn(email: string, password: string): Promise<AuthOutcome> {
  try {
    const auth = (await supabaseClient()).auth;
    const { error } = await auth.signInWithPassword({ email, password });
    if (error !== null) return failure(error);
    const level = await auth.mfa.getAuthenticatorAssuranceLevel();
    if (level.error === null && level.data.nextLevel === 'aal2' && level.data.currentLevel !== 'aal2') {
      const factors = await auth.mfa.listFactors();
      const totp = factors.data?.totp.find((factor) => factor.status === 'verified');
      if (totp !== undefined) return { kind: 'mfa', factorId: totp.id };
    }
    return { kind: 'done' };
  } catch (error) {
    return failure(error);
  }
}

export async function verifySecondFactor(factorId: string, code: string): Promise<AuthOutcome> {
  try {
    const { error } = await (await supabaseClient()).auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
    return error === null ? { kind: 'done' } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/** Sign-up with a display name; without auto-confirm the kernel mails a code to confirm the address. */
export async function signUp(name: string, email: string, password: string): Promise<AuthOutcome> {
  try {
    const { data, error } = await (await supabaseClient()).auth.signUp({ email, password, options: { data: { name: name.trim() } } });
    if (error !== null) return failure(error);
    return data.session === null ? { kind: 'confirm' } : { kind: 'done' };
  } catch (error) {
    return failure(error);
  }
}

export async function confirmSignUp(email: string, code: string): Promise<AuthOutcome> {
  try {
    const { error } = await (await supabaseClient()).auth.verifyOtp({ email, token: code.trim(), type: 'signup' });
    return error === null ? { kind: 'done' } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/** The recovery link lands on /login/reset-password (SPEC §2, §4 PASSWORD_RECOVERY). */
export async function sendPasswordReset(email: string, siteUrl: string): Promise<AuthOutcome> {
  try {
    const { error } = await (await supabaseClient()).auth.resetPasswordForEmail(email, { redirectTo: `${siteUrl}/login/reset-password` });
    return error === null ? { kind: 'done' } : failure(error);
  } catch (error) {
    return failure(error);
  }
}

/**
 * Ends the session supabase-js holds in this browser's storage, if it holds one (the kernel's
 * logout also clears its session cookie). Never throws: log-out goes on with the kernel's signout.
 */
export async function endBrowserSession(): Promise<void> {
  try {
    const auth = (await supabaseClient()).auth;
    const { data } = await auth.getSession();
    if (data.session !== null) await auth.signOut();
  } catch {
    // Offline, no site config, or the backend refused: the kernel's signout and the reload still run.
  }
}
