import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import plugin from '../index.js';
import { API, monthly, onetime, shop, type Product } from '../test/helpers.js';

describe('products', () => {
  let t: TestKernel;
  let account: TestAccount;
  let owner: TestMember;
  let student: TestMember;
  let call: ReturnType<typeof shop>;
  const made: Product[] = [];

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [plugin] });
    call = shop(t);
    account = await t.createAccount();
    owner = await t.createMember(account, { role: 'owner' });
    student = await t.createMember(account, { role: 'student' });
    for (const [title, amount] of [
      ['Alpha kit', 3000],
      ['Beta course pack', 1000],
      ['Gamma guide', 2000],
    ] as const) {
      made.push(await call<Product>('POST', '/products', owner, onetime(title, amount), 201));
    }
    made.push(await call<Product>('POST', '/products', owner, { ...monthly('Delta club', 500), cross: [made[0]!.id] }, 201));
    await call<Product>('POST', '/products', owner, { ...onetime('Hidden draft', 100), status: 'draft' }, 201);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('keeps SPEC metadata: price type, amount, duration, featured image and cross list', async () => {
    const club = made[3]!;
    expect(club.metadata).toEqual({
      price: { type: 'subscription', amount: 500, duration: { value: 1, parameter: 'month' } },
      sale: null,
      featured_image: '',
      cross: [made[0]!.id],
    });
    expect(made[0]!.metadata.price).toEqual({ type: 'onetime', amount: 3000, duration: null });
    const read = await call<Product>('GET', `/products/${club.id}`, account);
    expect(read).toEqual(club);
  });

  it('lists with an exact count, ids, search, page range and sort; visitors never see drafts', async () => {
    const all = await call<{ count: number; items: Product[] }>('GET', '/products?sort=title.asc', account);
    expect(all.count).toBe(4);
    expect(all.items.map((p) => p.title)).toEqual(['Alpha kit', 'Beta course pack', 'Delta club', 'Gamma guide']);
    const page = await call<{ count: number; items: Product[] }>('GET', '/products?sort=amount.desc&from=1&to=2', account);
    expect(page.count).toBe(4);
    expect(page.items.map((p) => p.metadata.price.amount)).toEqual([2000, 1000]);
    const byIds = await call<{ count: number; items: Product[] }>('GET', `/products?ids=${made[0]!.id}&ids=${made[2]!.id}&sort=title.asc`, account);
    expect(byIds.items.map((p) => p.title)).toEqual(['Alpha kit', 'Gamma guide']);
    const searched = await call<{ count: number; items: Product[] }>('GET', '/products?search=COURSE', account);
    expect(searched.items.map((p) => p.title)).toEqual(['Beta course pack']);
    expect(searched.count).toBe(1);
    // Drafts: only for the manager, and only when asked.
    expect((await call<{ count: number }>('GET', '/products?status=all', student)).count).toBe(4);
    expect((await call<{ count: number }>('GET', '/products?status=all', owner)).count).toBe(5);
  });

  it('refuses bad input with validation_failed and unknown references with their codes', async () => {
    for (const payload of [
      {},
      onetime('', 100),
      onetime('x', -1),
      onetime('x', 1.5),
      { title: 'x', price: { type: 'weekly', amount: 1 } },
      { ...onetime('x', 1), cross: ['nope'] },
    ]) {
      const res = await t.request({ method: 'POST', url: `${API}/products`, as: owner, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json<{ error: string }>().error).toBe('validation_failed');
    }
    const ghost = '00000000-0000-4000-8000-000000000000';
    expect(
      (await t.request({ method: 'POST', url: `${API}/products`, as: owner, payload: { ...onetime('x', 1), cross: [ghost] } })).json<{ error: string }>().error,
    ).toBe('cross_product_not_found');
    expect(
      (await t.request({ method: 'POST', url: `${API}/products`, as: owner, payload: { ...onetime('x', 1), course_id: ghost } })).json<{ error: string }>()
        .error,
    ).toBe('course_not_found');
    expect((await t.request({ method: 'GET', url: `${API}/products?to=abc`, account })).statusCode).toBe(400);
    // A value outside an enum names the rule once, in words a person reads (not one error per allowed value).
    const sorted = await t.request({ method: 'GET', url: `${API}/products?sort=bogus`, account });
    expect(sorted.statusCode).toBe(400);
    expect(sorted.json<{ error: string; message: string }>()).toMatchObject({
      error: 'validation_failed',
      message: expect.stringMatching(/sort must be equal to one of the allowed values$/),
    });
  });

  it('lets only managers change products', async () => {
    const res = await t.request({ method: 'POST', url: `${API}/products`, as: student, payload: onetime('Nope', 1) });
    expect(res.statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `${API}/products`, account, payload: onetime('Nope', 1) })).statusCode).toBe(401);
  });

  it('updates and deletes; other products stop suggesting a deleted one', async () => {
    const updated = await call<Product>('PUT', `/products/${made[0]!.id}`, owner, onetime('Alpha kit 2', 3500));
    expect(updated.title).toBe('Alpha kit 2');
    await call('DELETE', `/products/${made[0]!.id}`, owner);
    expect((await call<Product>('GET', `/products/${made[3]!.id}`, account)).metadata.cross).toEqual([]);
    expect((await t.request({ url: `${API}/products/${made[0]!.id}`, account })).statusCode).toBe(404);
  });

  it("keeps each account's products to itself", async () => {
    const other = await t.createAccount();
    expect((await call<{ count: number }>('GET', '/products', other)).count).toBe(0);
    expect((await t.request({ url: `${API}/products/${made[1]!.id}`, account: other })).statusCode).toBe(404);
  });
});
