import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import type { SiteConfigWire } from '@lectern/sdk/wire';

/**
 * What the dashboard connects with, from GET /api/site/config. `backend_url` and `anon_key` are
 * always the platform's own (the config's `dashboard` entry): the dashboard's members, roles and
 * API live there, even when the public site uses a custom backend (`custom_backend`).
 */
/** The site as the dashboard knows it: GET /api/site/config, connected to the dashboard's backend. */
export type SiteConfig = Omit<SiteConfigWire, 'dashboard'>;

let client: SupabaseClient | null = null;

/** Reads the site's configuration and creates the one supabase-js client of the page. */
export async function connect(): Promise<{ supabase: SupabaseClient; site: SiteConfig }> {
  const response = await fetch('/api/site/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Site configuration failed (${response.status})`);
  const answer = (await response.json()) as SiteConfigWire;
  // Signing in to the dashboard against a site's custom backend would lock its owner out.
  const { dashboard, ...rest } = answer;
  const site: SiteConfig = { ...rest, backend_url: dashboard.backend_url, anon_key: dashboard.anon_key };
  // Taken off the address before supabase-js looks at it: it would refuse a fragment in a PKCE client.
  const arrival = takeArrival();
  client = createClient(site.backend_url, site.anon_key, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
  });
  if (arrival !== null) await adoptArrival(client, arrival);
  return { supabase: client, site };
}

/**
 * Someone can arrive signed in from one of this site's e-mail links (GET /auth/v1/verify, such as
 * the welcome's "confirm your e-mail"), which GoTrue answers with the session in the address's
 * fragment: `#access_token=…&refresh_token=…`. A PKCE client refuses that shape, so the dashboard
 * takes it off the address at once and keeps the session itself.
 */
type Arrival = { access_token: string; refresh_token: string };

function takeArrival(): Arrival | null {
  const fragment = new URLSearchParams(window.location.hash.replace(/^#/, ''));
  const access = fragment.get('access_token');
  const refresh = fragment.get('refresh_token');
  const arrival = access !== null && refresh !== null ? { access_token: access, refresh_token: refresh } : null;
  if (arrival !== null || fragment.has('error_code')) {
    window.history.replaceState(window.history.state, '', window.location.pathname + window.location.search);
  }
  return arrival;
}

async function adoptArrival(supabase: SupabaseClient, arrival: Arrival): Promise<void> {
  await supabase.auth.setSession(arrival);
}

export function supabase(): SupabaseClient {
  if (client === null) throw new Error('supabase client used before connect()');
  return client;
}

export async function currentAccessToken(): Promise<string | null> {
  if (client === null) return null;
  const { data } = await client.auth.getSession();
  return data.session?.access_token ?? null;
}
