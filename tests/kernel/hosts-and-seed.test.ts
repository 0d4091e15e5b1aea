import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantTable, definePlugin, sql } from '@lectern/sdk';
import { createTestKernel, type TestKernel } from '@lectern/sdk/testing';

/** A plugin that records which site a request reached and adds demo data when the demo is seeded. */
const sitePlugin = definePlugin({
  manifest: { name: 'site', version: '1.0.0', kernel: '^0.1.0', tables: { site_greetings: 'tenant' } },
  migrations: {
    '0001': {
      async up(db) {
        await createTenantTable(db, 'site_greetings', (t) =>
          t.addColumn('text', 'text', (c) => c.notNull()).addPrimaryKeyConstraint('site_greetings_pkey', ['account_id', 'text']),
        );
      },
    },
  },
  routes(app) {
    app.get(
      '/whoami',
      { config: { public: true }, schema: { response: { 200: { type: 'object', properties: { slug: { type: 'string' }, platform: { type: 'boolean' } } } } } },
      async (request) => ({
        slug: request.ctx.account.slug,
        platform: request.ctx.account.isPlatform,
      }),
    );
  },
  async seed(ctx) {
    await ctx.inAccount(ctx.demoAccountId, ({ db, account }) =>
      db
        .insertInto('site_greetings')
        .values({ account_id: account.id, text: `Welcome to ${account.name}` })
        .execute(),
    );
  },
});

describe('hosts and the demo seed', () => {
  let t: TestKernel;
  beforeAll(async () => {
    t = await createTestKernel({ plugins: [sitePlugin], seedDemo: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  const whoami = async (host: string) => {
    const res = await t.app.inject({ url: '/api/site/whoami', headers: { host } });
    return { status: res.statusCode, body: res.json() as { slug?: string; platform?: boolean; error?: string } };
  };

  it('serves the platform account on the platform domain and tenants on their subdomain', async () => {
    expect(await whoami('localhost')).toEqual({ status: 200, body: { slug: 'platform', platform: true } });
    expect(await whoami('localhost:3000')).toEqual({ status: 200, body: { slug: 'platform', platform: true } });
    expect(await whoami('demo.localhost:3000')).toEqual({ status: 200, body: { slug: 'demo', platform: false } });
    expect((await whoami('DEMO.LOCALHOST')).body.slug).toBe('demo');
  });

  it('serves a tenant on its custom domain, and nothing on unknown or malformed hosts', async () => {
    await t.kernel.admin.createAccount({ slug: 'acme', name: 'Acme', customDomain: 'learn.acme.io' });
    expect(await whoami('learn.acme.io')).toEqual({ status: 200, body: { slug: 'acme', platform: false } });
    expect((await whoami('other.acme.io')).body.error).toBe('account_not_found');
    expect((await whoami('not_a_domain')).body.error).toBe('account_not_found');
    await expect(t.kernel.admin.createAccount({ slug: 'bad', name: 'Bad', customDomain: 'not a domain' })).rejects.toThrow(
      '"not a domain" is not a domain name',
    );
  });

  it('a new account is served at once, even after its host was looked up and missed', async () => {
    expect((await whoami('late.localhost')).status).toBe(404);
    await t.kernel.admin.createAccount({ slug: 'late', name: 'Late' });
    expect(await whoami('late.localhost')).toEqual({ status: 200, body: { slug: 'late', platform: false } });
  });

  it('seeds the demo with a member per role, and lets plugins add their demo data', async () => {
    const demo = await t.kernel.accounts.findBySlug('demo');
    expect(demo?.plan).toBe('professional');
    const members = await t.kernel.inAccount(demo!.id, ({ db }) =>
      db
        .selectFrom('members as m')
        .innerJoin('roles as r', (j) => j.onRef('r.id', '=', 'm.role_id').onRef('r.account_id', '=', 'm.account_id'))
        .select(['m.email', 'r.slug'])
        .orderBy('m.email')
        .execute(),
    );
    expect(members).toEqual([
      { email: 'instructor@demo.test', slug: 'instructor' },
      { email: 'owner@demo.test', slug: 'owner' },
      { email: 'student@demo.test', slug: 'student' },
    ]);
    const greetings = await t.kernel.inAccount(demo!.id, ({ db }) => db.selectFrom('site_greetings').select('text').execute());
    expect(greetings).toEqual([{ text: 'Welcome to Demo Academy' }]);
    const admin = await t.kernel.withSystem('test: find the seeded super-admin', (db) =>
      db
        .selectFrom('users')
        .select(['email', sql<boolean>`encrypted_password LIKE '$argon2id$%'`.as('argon2id')])
        .where('email', '=', 'admin@platform.test')
        .executeTakeFirst(),
    );
    expect(admin).toEqual({ email: 'admin@platform.test', argon2id: true });
  });
});
