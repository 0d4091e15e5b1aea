import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from '@lectern/sdk';
import { createTestKernel, recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../index.js';
import { onetime, shop, type Product } from '../test/helpers.js';
import { ABANDONED_QUEUE } from './abandoned.js';

describe('cart_abandoned', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let buyer: TestMember;
  let product: Product;
  let triggers: RecordedTriggers;

  const jobs = () =>
    t.kernel.withSystem(
      'test: abandoned-cart jobs',
      async (db) =>
        (
          await sql<{
            id: string;
            start_after: Date;
            state: string;
          }>`SELECT id::text, start_after, state FROM pgboss.job WHERE name = ${ABANDONED_QUEUE} ORDER BY created_on`.execute(db)
        ).rows,
    );
  const makeDue = (id: string) =>
    t.kernel.withSystem('test: the check is due', (db) => sql`UPDATE pgboss.job SET start_after = now() WHERE id = ${id}::uuid`.execute(db));
  const settle = async (id: string) => {
    const deadline = Date.now() + 15_000;
    while (Date.now() < deadline) {
      if ((await t.kernel.jobs.find(id))?.state === 'completed') return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`job ${id} did not complete`);
  };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    triggers = recordedTriggers(t.kernel);
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    buyer = await t.createMember(account, { role: 'student', email: 'cart-owner@shop.test' });
    product = await shop(t)<Product>('POST', '/products', owner, onetime('Kit', 1000), 201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it("schedules a check after the site's delay and raises the trigger once for a cart left alone", async () => {
    await shop(t)('PUT', '/cart-settings', owner, { abandonedAfterMinutes: 30 });
    const before = Date.now();
    expect(await shop(t)('PUT', '/cart', buyer, { items: [{ id: product.id, quantity: 2 }] })).toEqual({ saved: true });
    const [job] = await jobs();
    const due = new Date(job!.start_after).getTime();
    expect(due).toBeGreaterThanOrEqual(before + 30 * 60_000 - 1000);
    expect(due).toBeLessThanOrEqual(Date.now() + 30 * 60_000 + 1000);

    await makeDue(job!.id);
    await settle(job!.id);
    expect(await triggers.list()).toEqual([
      { trigger: 'cart_abandoned', accountId: account.id, userId: buyer.userId, email: 'cart-owner@shop.test', productIds: [product.id] },
    ]);
  });

  it('raises nothing for a cart changed since, or ordered', async () => {
    await triggers.clear();
    await shop(t)('PUT', '/cart', buyer, { items: [{ id: product.id, quantity: 1 }] });
    await shop(t)('PUT', '/cart', buyer, { items: [{ id: product.id, quantity: 3 }] });
    const pending = (await jobs()).filter((job) => job.state === 'created');
    expect(pending).toHaveLength(2);
    // The older version's check finds the cart changed.
    await makeDue(pending[0]!.id);
    await settle(pending[0]!.id);
    expect(await triggers.list()).toEqual([]);
    // The newer one finds it ordered.
    await shop(t)('POST', '/checkout', buyer, { items: [{ id: product.id, quantity: 3 }], provider: 'offline' }, 201);
    await makeDue(pending[1]!.id);
    await settle(pending[1]!.id);
    expect(await triggers.list()).toEqual([]);
  });

  it('keeps the delay to the manager and within 5 minutes to 30 days', async () => {
    expect((await t.request({ method: 'PUT', url: '/api/ecommerce/cart-settings', as: owner, payload: { abandonedAfterMinutes: 1 } })).statusCode).toBe(400);
    expect((await t.request({ method: 'PUT', url: '/api/ecommerce/cart-settings', as: buyer, payload: { abandonedAfterMinutes: 60 } })).statusCode).toBe(403);
    expect((await t.request({ method: 'PUT', url: '/api/ecommerce/cart', account, payload: { items: [] } })).statusCode).toBe(401);
  });
});
