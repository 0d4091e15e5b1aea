import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig } from '@lectern/core';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const page = (html: string) => ({ html, etag: `"${html}"` });

/** Waits for a purge to travel through Redis to the other instance. */
async function eventually(check: () => boolean): Promise<boolean> {
  for (let attempt = 0; attempt < 100; attempt++) {
    if (check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return check();
}

/**
 * Two kernel instances on one PostgreSQL database and one Redis: a purge on either reaches the
 * other's page cache. Needs PostgreSQL (two processes cannot share an embedded PGlite), so it runs
 * in the PostgreSQL pass of the suite (TEST_DATABASE_URL), like tests/kernel/scale-out.test.ts.
 */
describe.runIf(databaseUrl)('page cache across two instances behind Redis', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;
  let accountId: string;
  let otherId: string;
  let token: string;
  const host = 'pages.localhost';

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: database.url as string, REDIS_URL: redisUrl, SEED_DEMO: 'false' });
    const prefix = `pages-${randomBytes(4).toString('hex')}:`;
    one = await createKernel(config, { logger: false, busPrefix: prefix });
    two = await createKernel(config, { logger: false, busPrefix: prefix });
    accountId = (await one.kernel.admin.createAccount({ slug: 'pages', name: 'Pages', plan: 'starter' })).id;
    otherId = (await one.kernel.admin.createAccount({ slug: 'elsewhere', name: 'Elsewhere', plan: 'starter' })).id;
    const user = await one.kernel.admin.createUser({ email: 'owner@pages.test' });
    await one.kernel.admin.addMember(accountId, user.id, 'owner');
    token = await one.kernel.tokens.sign({ sub: user.id, email: 'owner@pages.test', role: 'authenticated', account_id: accountId });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  const call = (app: FastifyInstance, method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
    app.inject({ method, url, headers: { host, authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  const cachedOn = (app: FastifyInstance, path: string, id = accountId) => app.kernel.pageCache.get(id, path, 'default')?.html;
  const fillBoth = (paths: string[], id = accountId) => {
    for (const app of [one, two]) for (const path of paths) app.kernel.pageCache.set(id, path, 'default', page(path));
  };

  it("revalidateCache on one instance drops the page from the other's cache", async () => {
    fillBoth(['/about', '/contact']);
    const res = await call(one, 'GET', `/api/site/revalidateCache?site=${accountId}&path=/about`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: true, purged: 1 });
    expect(await eventually(() => cachedOn(two, '/about') === undefined)).toBe(true);
    expect(cachedOn(two, '/contact')).toBe('/contact');
  });

  it("invalidateCache on one instance drops the whole site from the other's cache, not another site's pages", async () => {
    fillBoth(['/', '/blog']);
    fillBoth(['/'], otherId);
    const res = await call(two, 'GET', `/api/site/invalidateCache?account_id=${accountId}&key=getSiteOption-menus`);
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventually(() => cachedOn(one, '/') === undefined && cachedOn(one, '/blog') === undefined)).toBe(true);
    expect(cachedOn(one, '/', otherId)).toBe('/');
  });

  it('a page published through one instance is purged on the other', async () => {
    fillBoth(['/launch', '/contact']);
    const created = await call(one, 'POST', '/api/content/pages', { title: 'Launch' });
    expect(created.statusCode, created.body).toBe(201);
    const published = await call(one, 'POST', `/api/content/pages/${(created.json() as { id: string }).id}/publish`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(await eventually(() => cachedOn(two, '/launch') === undefined)).toBe(true);
    expect(cachedOn(two, '/contact')).toBe('/contact');
  });

  it('a site settings change on one instance purges the site on the other', async () => {
    fillBoth(['/contact']);
    const res = await call(two, 'PUT', '/api/account/site', { name: 'Pages renamed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await eventually(() => cachedOn(one, '/contact') === undefined)).toBe(true);
  });
});
