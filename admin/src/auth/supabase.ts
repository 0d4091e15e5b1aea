import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** What GET /api/site/config tells the browser (the kernel, or the site's own hosted backend). */
export interface SiteConfig {
  account_id: string;
  slug: string;
  name: string;
  backend_url: string;
  anon_key: string;
  custom_backend: boolean;
  language: string;
  currency: string;
  features: string[];
}

let client: SupabaseClient | null = null;

/** Reads the site's configuration and creates the one supabase-js client of the page. */
export async function connect(): Promise<{ supabase: SupabaseClient; site: SiteConfig }> {
  const response = await fetch('/api/site/config', { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`Site configuration failed (${response.status})`);
  const site = (await response.json()) as SiteConfig;
  client = createClient(site.backend_url, site.anon_key, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
  });
  return { supabase: client, site };
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
