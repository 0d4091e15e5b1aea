import { createClient, type SupabaseClient } from '@supabase/supabase-js';

/**
 * What GET /api/site/config answers: `backend_url`/`anon_key` are the site's own hosted backend
 * when it has one; `dashboard` is always the platform's.
 */
interface SiteConfig {
  backend_url: string;
  anon_key: string;
  dashboard?: { backend_url: string; anon_key: string };
}

let backend: Promise<{ backend_url: string; anon_key: string }> | null = null;
let client: Promise<SupabaseClient> | null = null;

/** The backend the page signs in with: the platform's (the config's `dashboard` entry), read once. */
export function siteBackend(): Promise<{ backend_url: string; anon_key: string }> {
  backend ??= (async () => {
    const response = await fetch('/api/site/config', { headers: { accept: 'application/json' }, credentials: 'same-origin' });
    if (!response.ok) throw new Error(`Site configuration failed (${response.status})`);
    const site = (await response.json()) as SiteConfig;
    const own = site.dashboard ?? site;
    return { backend_url: own.backend_url, anon_key: own.anon_key };
  })().catch((error: unknown) => {
    backend = null;
    throw error;
  });
  return backend;
}

/**
 * The page's one supabase-js client, created with the admin's options (admin/src/auth/supabase.ts)
 * so both share the stored session: signing in here leaves the visitor signed in at /dashboard.
 * It always talks to the platform (the config's `dashboard` entry): this theme's pages are drawn
 * by the platform from its own sessions, and its sign-in page is the dashboard's, so a site's
 * custom backend (meant for a front end of its own) must not lock the owner out of either.
 */
export function supabaseClient(): Promise<SupabaseClient> {
  client ??= siteBackend()
    .then((own) =>
      createClient(own.backend_url, own.anon_key, {
        auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true, flowType: 'pkce' },
      }),
    )
    .catch((error: unknown) => {
      client = null;
      throw error;
    });
  return client;
}
