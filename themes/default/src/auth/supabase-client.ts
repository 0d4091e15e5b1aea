import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/** What GET /api/site/config answers (the kernel, or the site's own hosted backend). */
interface SiteConfig {
  backend_url: string;
  anon_key: string;
}

let client: Promise<SupabaseClient> | null = null;

/**
 * The page's one supabase-js client, created with the admin's options (admin/src/auth/supabase.ts)
 * so both share the stored session: signing in here leaves the visitor signed in at /dashboard.
 */
export function supabaseClient(): Promise<SupabaseClient> {
  client ??= (async () => {
    const response = await fetch('/api/site/config', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Site configuration failed (${response.status})`);
    const site = (await response.json()) as SiteConfig;
    return createClient(site.backend_url, site.anon_key, {
      auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
    });
  })().catch((error: unknown) => {
    client = null;
    throw error;
  });
  return client;
}
