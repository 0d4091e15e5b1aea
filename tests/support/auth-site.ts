import type { AddressInfo } from 'node:net';
import { createTestKernel, type TestAccount, type TestKernel, type TestKernelOptions } from '@lectern/sdk/testing';
import { SmtpCapture } from './smtp-capture.js';
import { siteClient, type TestClient } from './supabase-client.js';

export interface AuthSite {
  t: TestKernel;
  smtp: SmtpCapture;
  port: number;
  /** Creates a site and returns its URL and anon key (read from GET /api/site/config). */
  site(input?: { slug?: string; features?: string[]; plan?: string }): Promise<{ account: TestAccount; url: string; anonKey: string }>;
  client(site: { url: string; anonKey: string }, options?: { flowType?: 'implicit' | 'pkce' }): TestClient;
  close(): Promise<void>;
}

/** A kernel listening on loopback with mail going to a real SMTP server the test reads. */
export async function startAuthSite(options: TestKernelOptions = {}): Promise<AuthSite> {
  const smtp = new SmtpCapture();
  const smtpUrl = await smtp.start();
  const t = await createTestKernel({ ...options, env: { SMTP_URL: smtpUrl, AUTH_RATE_LIMIT: '10000', ...options.env } });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  return {
    t,
    smtp,
    port,
    async site(input = {}) {
      const account = await t.createAccount(input);
      const res = await t.app.inject({ url: '/api/site/config', headers: { host: `${account.host}:${port}` } });
      const config = res.json() as { anon_key: string; backend_url: string };
      return { account, url: config.backend_url, anonKey: config.anon_key };
    },
    client: (site, clientOptions) => siteClient(site.url, site.anonKey, clientOptions),
    async close() {
      await t.close();
      await smtp.stop();
    },
  };
}
