import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import WebSocket from 'ws';
import type { TestAccount, TestMember } from '@lectern/sdk/testing';
import { startAuthSite, type AuthSite } from '../support/auth-site.js';
import { resolveLocalhostSubdomains } from '../support/localhost-dns.js';
import { memoryStorage } from '../support/supabase-client.js';

export const PASSWORD = 'storage-pass-42';

export interface RecordedRequest {
  method: string;
  url: string;
  body: unknown;
  headers: Record<string, string>;
}

export interface StorageUser {
  member: TestMember;
  client: SupabaseClient;
  /** Every request this client sent (JSON bodies parsed), to check what storage-js puts on the wire. */
  requests: RecordedRequest[];
}

export interface StorageSite {
  account: TestAccount;
  url: string;
  anonKey: string;
  /** A member with the role, signed in through the real supabase-js. */
  user(role: string): Promise<StorageUser>;
  /** supabase-js signed out (sends the anon key). */
  anonymous(): SupabaseClient;
}

function makeClient(url: string, anonKey: string, requests: RecordedRequest[]): SupabaseClient {
  resolveLocalhostSubdomains();
  const recordingFetch: typeof fetch = async (input, init) => {
    const headers: Record<string, string> = {};
    new Headers(init?.headers).forEach((value, key) => (headers[key] = value));
    let body: unknown = init?.body;
    if (typeof body === 'string' && (headers['content-type'] ?? '').includes('json')) body = JSON.parse(body) as unknown;
    requests.push({ method: init?.method ?? 'GET', url: String(input instanceof Request ? input.url : input), body, headers });
    return fetch(input, init);
  };
  return createClient(url, anonKey, {
    auth: { storage: memoryStorage(), autoRefreshToken: false, persistSession: true, detectSessionInUrl: false },
    global: { fetch: recordingFetch },
    realtime: { transport: WebSocket as unknown as NonNullable<NonNullable<Parameters<typeof createClient>[2]>['realtime']>['transport'] },
  });
}

/** A site of a running kernel with helpers to act on it through supabase-js. */
export async function storageSite(s: AuthSite, input: { slug?: string; plan?: string } = {}): Promise<StorageSite> {
  const site = await s.site(input);
  return {
    ...site,
    async user(role) {
      const member = await s.t.createMember(site.account, { role, password: PASSWORD });
      const requests: RecordedRequest[] = [];
      const client = makeClient(site.url, site.anonKey, requests);
      const { error } = await client.auth.signInWithPassword({ email: member.email, password: PASSWORD });
      if (error) throw error;
      return { member, client, requests };
    },
    anonymous: () => makeClient(site.url, site.anonKey, []),
  };
}

export async function startStorageKernel(env: Record<string, string> = {}): Promise<AuthSite> {
  return startAuthSite({ env });
}

/** A real image of the given width (sharp draws it), for upload and variant tests. */
export function makeImage(width: number, format: 'png' | 'jpeg', height = Math.round(width / 2)): Promise<Buffer> {
  const image = sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } });
  return (format === 'png' ? image.png() : image.jpeg({ quality: 90 })).toBuffer();
}
