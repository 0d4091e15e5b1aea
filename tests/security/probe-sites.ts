import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { discoverPlugins, loadThemes, seedSampleSite } from '@lectern/core';
import { sql } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import { startOidcIssuer, type TestIssuer } from '../support/oidc-issuer.js';
import { recordSiteActivity } from './site-activity.js';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** One site of the probe: the account, its people, and the marker its texts and emails carry. */
export interface ProbeSite {
  label: 'alpha' | 'bravo';
  /** Appears in this site's texts and members' emails: finding it in another site's answer is a leak. */
  marker: string;
  account: TestAccount;
  owner: TestMember;
  instructor: TestMember;
  student: TestMember;
}

export interface ProbeKernel {
  t: TestKernel;
  a: ProbeSite;
  b: ProbeSite;
  superAdmin: TestMember;
  platform: TestAccount;
  /** Route patterns ("GET /api/x/:id") requests were routed to, with how often. */
  reached: Map<string, number>;
  /** The OpenID provider both sites sign in with (on loopback, allowed through the outbound guard). */
  idp: TestIssuer;
  close(): Promise<void>;
}

/**
 * Boots what `npm start` boots (every plugin under plugins/, the installed themes) and gives two
 * accounts the same sample site plus the activity of their people, so every table holds rows of
 * both: the route-wide security suite calls every route of one with the other's ids.
 */
export async function bootProbeKernel(env: Record<string, string> = {}): Promise<ProbeKernel> {
  const reached = new Map<string, number>();
  const plugins = await discoverPlugins(path.join(ROOT, 'plugins'));
  const themes = await loadThemes();
  const idp = await startOidcIssuer({ redirectUris: ['http://localhost/auth/v1/callback'] });
  const t = await createTestKernel({
    plugins,
    themes,
    // The identity provider listens on loopback, which the outbound guard refuses unless allowed.
    env: { OUTBOUND_ALLOW: '127.0.0.1', ...env },
    observeResponses: ({ method, url }) => {
      if (url === undefined) return;
      const key = `${method} ${url}`;
      reached.set(key, (reached.get(key) ?? 0) + 1);
    },
  });
  const { account: platform, superAdmin } = await t.platform({ role: 'owner' });
  const a = await createSite(t, 'alpha', platform.id, superAdmin.userId);
  const b = await createSite(t, 'bravo', platform.id, superAdmin.userId);
  for (const site of [a, b]) await recordSiteActivity(t, site, superAdmin, idp);
  return {
    t,
    a,
    b,
    superAdmin,
    platform,
    reached,
    idp,
    async close() {
      await t.close();
      await idp.close();
    },
  };
}

async function createSite(t: TestKernel, label: ProbeSite['label'], platformAccountId: string, superAdminId: string): Promise<ProbeSite> {
  const marker = `${label}-secret-${randomBytes(4).toString('hex')}`;
  const features = t.kernel.features
    .list()
    .filter((f) => t.kernel.features.availableOn('professional', f.feature) && f.feature !== 'single_session')
    .map((f) => f.feature);
  const account = await t.createAccount({ slug: `${label}-${randomBytes(3).toString('hex')}`, name: `Site ${marker}`, plan: 'professional', features });
  const person = (role: string) =>
    t.createMember(account, { role, email: `${role}.${marker}@example.test`, name: `${role} ${marker}`, password: `Probe-${marker}-1` });
  const owner = await person('owner');
  const instructor = await person('instructor');
  const student = await person('student');
  await seedSampleSite(t.kernel, {
    accountId: account.id,
    platformAccountId,
    users: { superAdmin: superAdminId, owner: owner.userId, instructor: instructor.userId, student: student.userId },
  });
  return { label, marker, account, owner, instructor, student };
}

/** Tenant tables: every table row-level security is forced on. */
export async function tenantTables(t: TestKernel): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    SELECT c.relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
    WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p') AND c.relforcerowsecurity ORDER BY 1`.execute(t.kernel.database.owner);
  return rows.map((row) => row.name);
}
