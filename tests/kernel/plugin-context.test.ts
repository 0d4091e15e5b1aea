import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, definePlugin, jobIdFor, type PluginContext, type PluginWorkScope } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

/** Plugin API v1: the phases run in order, and the context's declared services work end to end. */
const PRESENT = createToken<{ hello: string }>('probe.present');
const ABSENT = createToken<{ hello: string }>('probe.absent');
const QUEUE = 'probe-keyed';
const TOUCHPOINT = 'probe_hello';

/** A transaction in the account as plugin background work opens one: after-commit tasks run once it has committed. */
async function inScope<T>(plugin: PluginContext, accountId: string, work: (scope: PluginWorkScope) => Promise<T>): Promise<T> {
  const tasks: Array<() => void | Promise<void>> = [];
  const result = await plugin.inAccount(accountId, ({ db, account }) =>
    work({ db, accountId, features: account.features, afterCommit: (task) => void tasks.push(task) }),
  );
  for (const task of tasks) await task();
  return result;
}

describe('the plugin context', () => {
  let t: TestKernel;
  let site: TestAccount;
  const phases: string[] = [];
  const ran: string[] = [];
  let plugin: PluginContext | undefined;

  beforeAll(async () => {
    const probe = definePlugin({
      manifest: {
        name: 'probe',
        version: '1.0.0',
        kernel: '^0.1.0',
        touchpoints: [{ key: TOUCHPOINT, label: 'Probe greeting', subject: 'Hello {{user_name}}', body: '<p>Welcome to {{site_name}}</p>' }],
      },
      register(ctx) {
        phases.push('register');
        ctx.provide(PRESENT, { hello: 'there' });
      },
      async jobs(ctx) {
        phases.push('jobs');
        // Services from register are resolvable here.
        expect(ctx.resolve(PRESENT).hello).toBe('there');
        await ctx.jobs.work<{ note: string }>(QUEUE, async ({ data }) => void ran.push(data.note));
      },
      routes(app, ctx) {
        phases.push('routes');
        plugin = ctx;
        app.get(
          '/address',
          {
            config: { public: true },
            schema: { response: { 200: { type: 'object', required: ['url'], properties: { url: { type: 'string' } } } } },
          },
          async (request) => ({ url: ctx.siteUrl(request) }),
        );
      },
      bootstrap() {
        phases.push('bootstrap');
      },
    });
    t = await createTestKernel({ plugins: [probe] });
    site = await t.createAccount({ slug: 'probe-site' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('runs register, jobs, routes and bootstrap in that order', () => {
    expect(phases).toEqual(['register', 'jobs', 'routes', 'bootstrap']);
  });

  it('resolves an optional dependency to undefined when nobody provides it', () => {
    expect(plugin!.resolveOptional(ABSENT)).toBeUndefined();
    expect(plugin!.resolveOptional(PRESENT)).toEqual({ hello: 'there' });
    expect(() => plugin!.resolve(ABSENT)).toThrow();
  });

  it("gives the site's address in a request and outside one", async () => {
    const res = await t.request({ url: '/api/probe/address', account: site });
    expect(res.statusCode).toBe(200);
    const url = (res.json() as { url: string }).url;
    expect(url).toMatch(/^http:\/\/probe-site\.localhost(:\d+)?$/);
    // Outside a request the configured port is added on http (test requests carry none in their Host).
    expect(plugin!.accountOrigin({ slug: 'probe-site', customDomain: null })).toBe(
      `http://probe-site.localhost${plugin!.config.port === 80 ? '' : `:${plugin!.config.port}`}`,
    );
    expect(plugin!.accountOrigin({ slug: 'probe-site', customDomain: 'learn.example.com' })).toMatch(/^http:\/\/learn\.example\.com(:\d+)?$/);
    expect(plugin!.config.platformDomain).toBe('localhost');
    expect(Object.keys(plugin!.config).sort()).toEqual(['paymentApis', 'platformDomain', 'port', 'publicScheme']);
    // Addresses only: no provider's API is pointed elsewhere unless STRIPE_API_URL says so.
    expect(plugin!.config.paymentApis).toEqual({});
  });

  it('queues a keyed job once, under the id its key gives, and runs it', async () => {
    const key = `${site.id}:the-one`;
    const first = await plugin!.jobs.enqueue(site.id, QUEUE, { note: 'once' }, { key });
    const second = await plugin!.jobs.enqueue(site.id, QUEUE, { note: 'twice' }, { key });
    expect(first).toBe(jobIdFor(key));
    expect(second).toBeNull();
    await expect.poll(async () => (await t.kernel.jobs.find(jobIdFor(key)))?.state, { timeout: 30_000 }).toBe('completed');
    expect(ran).toEqual(['once']);
  });

  it('purges page renders by path and by account', async () => {
    const pages = t.kernel.pageCache;
    const render = (html: string) => ({ html, etag: `"${html.length}"` });
    pages.set(site.id, '/course', 'default', render('catalogue'));
    pages.set(site.id, '/about', 'default', render('about'));
    await plugin!.pageCache.purgePath(site.id, '/course');
    expect(pages.get(site.id, '/course', 'default')).toBeUndefined();
    expect(pages.get(site.id, '/about', 'default')?.html).toBe('about');
    await plugin!.pageCache.purgeAccount(site.id);
    expect(pages.get(site.id, '/about', 'default')).toBeUndefined();
  });

  it('reads and writes an option outside a request, and the kernel sees what it wrote', async () => {
    expect(await inScope(plugin!, site.id, (scope) => plugin!.options.get(scope, 'probe.greeting'))).toBeUndefined();
    expect(await inScope(plugin!, site.id, (scope) => plugin!.options.get(scope, 'probe.greeting', 'fallback'))).toBe('fallback');
    await inScope(plugin!, site.id, (scope) => plugin!.options.set(scope, 'probe.greeting', { text: 'hi' }));
    expect(await inScope(plugin!, site.id, (scope) => plugin!.options.get(scope, 'probe.greeting'))).toEqual({ text: 'hi' });
    expect(await t.kernel.inAccount(site.id, ({ db }) => t.kernel.options.get(db, site.id, 'probe.greeting'))).toEqual({ text: 'hi' });
    // A rolled-back write leaves the stored value.
    await expect(
      inScope(plugin!, site.id, async (scope) => {
        await plugin!.options.set(scope, 'probe.greeting', { text: 'never' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await inScope(plugin!, site.id, (scope) => plugin!.options.get(scope, 'probe.greeting'))).toEqual({ text: 'hi' });
    await inScope(plugin!, site.id, (scope) => plugin!.options.delete(scope, 'probe.greeting'));
    expect(await inScope(plugin!, site.id, (scope) => plugin!.options.get(scope, 'probe.greeting'))).toBeUndefined();
  });

  it("keeps a member's meta in the account", async () => {
    const member = await t.createMember(site, { role: 'student' });
    await inScope(plugin!, site.id, (scope) => plugin!.memberMeta.set(scope, member.userId, 'probe.seen', [1, 2]));
    const read = await inScope(plugin!, site.id, (scope) => plugin!.memberMeta.get(scope, member.userId, ['probe.seen', 'probe.other']));
    expect([...read.entries()]).toEqual([['probe.seen', [1, 2]]]);
    await inScope(plugin!, site.id, (scope) => plugin!.memberMeta.remove(scope, member.userId, 'probe.seen'));
    expect((await inScope(plugin!, site.id, (scope) => plugin!.memberMeta.get(scope, member.userId, ['probe.seen']))).size).toBe(0);
  });

  it('fires a declared touchpoint: a notification row now, the email in the outbox after commit', async () => {
    const member = await t.createMember(site, { role: 'student', email: 'probe-touch@example.com', name: 'Ada' });
    const fire = () =>
      inScope(plugin!, site.id, (scope) =>
        plugin!.touchpoints.fire(scope, TOUCHPOINT, { to: { userId: member.userId, email: member.email }, tokens: { user_name: 'Ada', site_name: 'Probe' } }),
      );
    // Off until the account enables it.
    expect(await fire()).toEqual({ emailed: false, notificationId: null });
    await inScope(plugin!, site.id, (scope) => plugin!.options.set(scope, 'touchpoints', { [TOUCHPOINT]: { email: true, notification: true } }));
    const fired = await fire();
    expect(fired.emailed).toBe(true);
    const rows = await t.kernel.inAccount(site.id, async ({ db }) => ({
      notification: await db.selectFrom('notifications').select(['component', 'title']).where('id', '=', fired.notificationId!).executeTakeFirst(),
      mail: await db.selectFrom('mail_outbox').select(['subject', 'text']).where('to', '=', member.email).execute(),
    }));
    expect(rows.notification).toEqual({ component: 'probe', title: 'Hello Ada' });
    expect(rows.mail).toEqual([{ subject: 'Hello Ada', text: expect.stringContaining('Welcome to Probe') }]);
    await expect(inScope(plugin!, site.id, (scope) => plugin!.touchpoints.fire(scope, 'probe_unknown', { to: { userId: member.userId } }))).rejects.toThrow(
      /Unknown touchpoint/,
    );
  });

  it("sends mail through the outbox once the caller's transaction commits", async () => {
    await inScope(plugin!, site.id, (scope) =>
      plugin!.mail.send(scope, { to: 'probe-mail@example.com', subject: 'Receipt', text: 'Thanks', type: 'probe.receipt' }),
    );
    await expect(
      inScope(plugin!, site.id, async (scope) => {
        await plugin!.mail.send(scope, { to: 'probe-mail@example.com', subject: 'Never', text: 'Rolled back' });
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    const rows = await t.kernel.inAccount(site.id, ({ db }) =>
      db.selectFrom('mail_outbox').select(['subject', 'type']).where('to', '=', 'probe-mail@example.com').execute(),
    );
    expect(rows).toEqual([{ subject: 'Receipt', type: 'probe.receipt' }]);
  });

  it("stores and reads back a file in the account's bucket", async () => {
    const bytes = Buffer.from('probe notes\n');
    const put = await plugin!.storage.put(site.id, 'media', 'probe/notes.txt', bytes);
    expect(put.key).toBe('media/probe/notes.txt');
    expect((await plugin!.storage.get(site.id, 'media', 'probe/notes.txt'))?.equals(bytes)).toBe(true);
    expect(await plugin!.storage.get(site.id, 'media', 'probe/missing.txt')).toBeNull();
  });

  it("broadcasts on one of the account's channels", async () => {
    const heard: string[] = [];
    await t.kernel.bus.subscribe('realtime', (raw) => void heard.push(raw));
    await plugin!.realtime.broadcast(site.id, 'probe-room', 'probe-ping', { n: 7 });
    await expect.poll(() => heard.find((raw) => raw.includes('probe-ping'))).toBeDefined();
    const message = heard.find((raw) => raw.includes('probe-ping'))!;
    expect(message).toContain(site.id);
    expect(message).toContain('probe-room');
  });
});
