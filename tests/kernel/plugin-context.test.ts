import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createToken, definePlugin, jobIdFor, type PluginContext } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel } from '@lectern/sdk/testing';

/** Plugin API v1: the phases run in order, and the context's declared services work end to end. */
const PRESENT = createToken<{ hello: string }>('probe.present');
const ABSENT = createToken<{ hello: string }>('probe.absent');
const QUEUE = 'probe-keyed';

describe('the plugin context', () => {
  let t: TestKernel;
  let site: TestAccount;
  const phases: string[] = [];
  const ran: string[] = [];
  let plugin: PluginContext | undefined;

  beforeAll(async () => {
    const probe = definePlugin({
      manifest: { name: 'probe', version: '1.0.0', kernel: '^0.1.0' },
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
    expect(Object.keys(plugin!.config).sort()).toEqual(['platformDomain', 'port', 'publicScheme']);
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
});
