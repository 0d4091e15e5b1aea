import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createKernel, loadConfig, type KernelConfig } from '@lectern/core';
import { createTestDatabase, type TestDatabase } from '@lectern/sdk/testing';
import { siteClient } from '../support/supabase-client.js';
import { PASSWORD, onlineUsers, sleep, subscribe, waitFor } from './realtime-helpers.js';

const databaseUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/**
 * Two (then three) kernel instances on one PostgreSQL database and one Redis, each listening on a
 * port of its own, with supabase-js clients connected to different instances: presence and
 * broadcasts cross instances. Needs PostgreSQL, so it runs in the TEST_DATABASE_URL pass.
 */
describe.runIf(databaseUrl)('realtime across instances behind Redis', () => {
  let database: TestDatabase;
  let config: KernelConfig;
  let prefix: string;
  const instances: FastifyInstance[] = [];
  const clients: SupabaseClient[] = [];
  let accountId: string;

  const start = async (): Promise<{ app: FastifyInstance; port: number }> => {
    const app = await createKernel(config, { logger: false, busPrefix: prefix });
    instances.push(app);
    await app.listen({ port: 0, host: '127.0.0.1' });
    return { app, port: (app.server.address() as AddressInfo).port };
  };

  /** A member signed in through one instance, whose realtime socket goes to that instance. */
  const member = async (instance: { app: FastifyInstance; port: number }, email: string): Promise<SupabaseClient> => {
    const user = await instance.app.kernel.admin.createUser({ email, password: PASSWORD });
    await instance.app.kernel.admin.addMember(accountId, user.id, 'student');
    const res = await instance.app.inject({ url: '/api/site/config', headers: { host: `shared.localhost:${instance.port}` } });
    const site = res.json() as { backend_url: string; anon_key: string };
    expect(site.backend_url).toBe(`http://shared.localhost:${instance.port}`);
    const { client } = siteClient(site.backend_url, site.anon_key);
    const { error } = await client.auth.signInWithPassword({ email, password: PASSWORD });
    expect(error).toBeNull();
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    config = loadConfig({ DATABASE_URL: database.url as string, REDIS_URL: redisUrl, SEED_DEMO: 'false', PLATFORM_DOMAIN: 'localhost' });
    prefix = `rt-scale-${randomBytes(4).toString('hex')}:`;
  });
  afterAll(async () => {
    for (const client of clients) await client.removeAllChannels().catch(() => undefined);
    for (const app of instances) await app.close().catch(() => undefined);
    await database?.drop();
  });

  it('presence and broadcasts cross instances; a late instance and a stopped one are handled', async () => {
    const one = await start();
    const two = await start();
    ({ id: accountId } = await one.app.kernel.admin.createAccount({ slug: 'shared', name: 'Shared', plan: 'professional' }));

    const ada = await member(one, 'ada@shared.test');
    const bob = await member(two, 'bob@shared.test');
    const a = onlineUsers(ada, 'ada', { ack: true });
    const b = onlineUsers(bob, 'bob', { self: true });
    expect((await subscribe(a.channel)).status).toBe('SUBSCRIBED');
    await a.channel.track({ user: { id: 'ada', name: 'Ada' } });
    await sleep(100);
    // Bob joins on instance two after Ada tracked on instance one: presence_state includes her.
    expect((await subscribe(b.channel)).status).toBe('SUBSCRIBED');
    await waitFor(() => b.channel.presenceState().ada !== undefined, 5_000, 'bob sees ada');
    await b.channel.track({ user: { id: 'bob', name: 'Bob' } });
    await waitFor(() => a.channel.presenceState().bob !== undefined, 5_000, 'ada sees bob');
    expect(a.joins).toContain('bob');

    expect(await a.channel.send({ type: 'broadcast', event: 'wave', payload: { from: 'ada' } })).toBe('ok');
    await waitFor(() => b.messages.length === 1, 5_000, 'bob gets ada’s broadcast');
    await b.channel.send({ type: 'broadcast', event: 'wave', payload: { from: 'bob' } });
    await waitFor(() => a.messages.length === 1 && b.messages.length === 2, 5_000, 'ada gets bob’s; bob his own');

    // A server-side push from either instance reaches both.
    await two.app.kernel.realtime.broadcast(accountId, 'onlineUsers', 'notification', { refresh: true });
    await waitFor(() => a.messages.length === 2 && b.messages.length === 3, 5_000, 'server push on both');

    await b.channel.untrack();
    await waitFor(() => a.leaves.includes('bob'), 5_000, 'leave crosses instances');
    await b.channel.track({ user: { id: 'bob', name: 'Bob' } });
    await waitFor(() => a.channel.presenceState().bob !== undefined, 5_000, 'bob back');

    // An instance started now learns the presences that already exist.
    const three = await start();
    const cy = await member(three, 'cy@shared.test');
    const c = onlineUsers(cy, 'cy');
    await subscribe(c.channel);
    await waitFor(() => c.channel.presenceState().ada !== undefined && c.channel.presenceState().bob !== undefined, 5_000, 'late instance sees all');

    // Stopping instance two: Bob's presence leaves everywhere.
    // Open websockets do not hold the shutdown up.
    const closing = Date.now();
    await two.app.close();
    expect(Date.now() - closing).toBeLessThan(3_000);
    await waitFor(() => a.channel.presenceState().bob === undefined, 5_000, 'ada sees bob go');
    await waitFor(() => c.channel.presenceState().bob === undefined, 5_000, 'cy sees bob go');
    expect(Object.keys(a.channel.presenceState())).toEqual(['ada']);
  });
});
