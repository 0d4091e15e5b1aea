import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKernel, loadConfig, type PluginDefinition } from '@lectern/core';
import { JsonObject, Type, definePlugin } from '@lectern/sdk';
import type { FastifyInstance } from 'fastify';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

const optionsPlugin: PluginDefinition = definePlugin({
  manifest: { name: 'opts', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.get('/touchpoints', { config: { public: true }, schema: { response: { 200: { type: 'object', additionalProperties: true } } } }, async (request) =>
      request.ctx.options.get('touchpoints', {}),
    );
    app.put(
      '/touchpoints',
      {
        config: { capability: 'manage_options' },
        schema: {
          body: Type.Unsafe<Record<string, { email: boolean; notification: boolean }>>(JsonObject),
          response: { 200: { type: 'object', properties: { ok: { type: 'boolean' } } } },
        },
      },
      async (request) => {
        await request.ctx.options.set('touchpoints', request.body);
        return { ok: true };
      },
    );
  },
});

/**
 * Two kernel instances on one PostgreSQL database and one Redis: a write on one instance purges the
 * other's option cache. Needs PostgreSQL (two processes cannot share an embedded PGlite), so it runs
 * in the PostgreSQL pass of the suite (TEST_DATABASE_URL).
 */
describe.runIf(databaseUrl)('two instances behind Redis', () => {
  let database: TestDatabase;
  let one: FastifyInstance;
  let two: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase();
    const config = loadConfig({ DATABASE_URL: database.url as string, REDIS_URL: redisUrl, SEED_DEMO: 'false' });
    const prefix = `scale-${randomBytes(4).toString('hex')}:`;
    one = await createKernel(config, { plugins: [optionsPlugin], logger: false, busPrefix: prefix });
    two = await createKernel(config, { plugins: [optionsPlugin], logger: false, busPrefix: prefix });
  });
  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it("a write on one instance purges the other's cache", async () => {
    const { id } = await one.kernel.admin.createAccount({ slug: 'shared', name: 'Shared', plan: 'starter' });
    const user = await one.kernel.admin.createUser({ email: 'owner@shared.test' });
    await one.kernel.admin.addMember(id, user.id, 'owner');
    const token = await one.kernel.tokens.sign({ sub: user.id, email: 'owner@shared.test', role: 'authenticated', account_id: id });
    const host = 'shared.localhost';

    // Instance two caches the empty value first.
    expect((await two.inject({ url: '/api/opts/touchpoints', headers: { host } })).json()).toEqual({});
    const value = { course_subscribed: { email: true, notification: false } };
    const put = await one.inject({ method: 'PUT', url: '/api/opts/touchpoints', headers: { host, authorization: `Bearer ${token}` }, payload: value });
    expect(put.statusCode).toBe(200);

    let seen: unknown;
    for (let attempt = 0; attempt < 50; attempt++) {
      seen = (await two.inject({ url: '/api/opts/touchpoints', headers: { host } })).json();
      if (JSON.stringify(seen) === JSON.stringify(value)) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(seen).toEqual(value);
  });

  it('both instances share the signing key, so a token from one works on the other', async () => {
    const account = await two.kernel.accounts.findBySlug('shared');
    const token = await one.kernel.tokens.sign({ sub: '00000000-0000-4000-8000-000000000000', role: 'authenticated', account_id: account!.id });
    await expect(two.kernel.tokens.verify(token)).resolves.toMatchObject({ account_id: account!.id });
  });
});
