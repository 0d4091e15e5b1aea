import { createClient, type AuthChangeEvent, type SupabaseClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { resolveLocalhostSubdomains } from './localhost-dns.js';

/** An in-memory storage, like a browser's localStorage for one tab. */
export function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

export interface TestClient {
  client: SupabaseClient;
  events: AuthChangeEvent[];
}

/**
 * The unmodified supabase-js client pointed at a site of a running kernel, the way a browser tab
 * would create it: own storage, auto-refresh off (tests refresh when they mean to).
 */
export function siteClient(url: string, anonKey: string, options: { flowType?: 'implicit' | 'pkce' } = {}): TestClient {
  resolveLocalhostSubdomains();
  const client = createClient(url, anonKey, {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false, flowType: options.flowType ?? 'implicit' },
    // Node 20 has no global WebSocket; realtime-js needs one to construct.
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
  });
  const events: AuthChangeEvent[] = [];
  client.auth.onAuthStateChange((event) => {
    events.push(event);
  });
  return { client, events };
}
