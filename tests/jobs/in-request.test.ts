import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Type, definePlugin } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/** A plugin route that queues a job while its request transaction is open (the embedded pitfall). */
const plugin = definePlugin({
  manifest: { name: 'jobprobe', version: '1.0.0', kernel: '^0.1.0' },
  routes(app) {
    app.post(
      '/queue',
      {
        config: { capability: 'manage_options' },
        schema: {
          body: Type.Object({ fail: Type.Optional(Type.Boolean()) }),
          response: { 200: { type: 'object', properties: { id: { type: 'string' } } } },
        },
      },
      async (request) => {
        const ctx = request.ctx;
        const id = await ctx.withSystem('jobprobe: queue a job', (db) =>
          request.server.kernel.jobs.enqueue(ctx.account.id, 'probe.run', { from: 'request' }, { db }),
        );
        if (request.body.fail) throw new Error('rolled back');
        return { id: id ?? '' };
      },
    );
  },
});

describe('queueing from inside a request', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(() => t?.close());

  it('queues through the request connection (ctx.withSystem) without waiting on it, and runs the job in the account', async () => {
    const seen: Array<{ accountId: string | null; data: unknown }> = [];
    await t.kernel.jobs.work('probe.run', async ({ accountId, data }) => void seen.push({ accountId, data }), { pollingIntervalSeconds: 0.5 });
    const response = await t.request({ method: 'POST', url: '/api/jobprobe/queue', as: owner, payload: {} });
    expect(response.statusCode).toBe(200);
    const deadline = Date.now() + 10_000;
    while (seen.length === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([{ accountId: site.id, data: { from: 'request' } }]);
  });
});
