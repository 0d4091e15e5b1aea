import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Term {
  id: string;
  taxonomy: string;
  name: string;
  slug: string;
  count: number;
}

describe('terms', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;
  let student: TestMember;
  const changed: Array<{ type: string; slug: string }> = [];

  const create = async (payload: Record<string, unknown>, as = owner) => {
    const res = await t.request({ method: 'POST', url: '/api/content/terms', as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Term;
  };
  const list = async (query = '', as = owner) => {
    const res = await t.request({ url: `/api/content/terms${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { terms: Term[]; total: number };
  };

  beforeAll(async () => {
    t = await createTestKernel();
    t.kernel.hooks.addAction('content.changed', (e) => void changed.push({ type: e.type, slug: e.slug }));
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates categories and tags with slugs from their names and lists them per taxonomy with totals', async () => {
    const cat = await create({ taxonomy: 'category', name: 'Café Recipes' });
    expect(cat).toMatchObject({ taxonomy: 'category', name: 'Café Recipes', slug: 'cafe-recipes', count: 0 });
    expect(changed).toContainEqual({ type: 'category', slug: 'cafe-recipes' });
    await create({ taxonomy: 'category', name: 'Baking' });
    await create({ taxonomy: 'tag', name: 'Quick' });
    // The same slug may exist once per taxonomy.
    const sameAsTag = await create({ taxonomy: 'tag', name: 'Baking' });
    expect(sameAsTag.slug).toBe('baking');

    const cats = await list('?taxonomy=category');
    expect(cats.total).toBe(2);
    expect(cats.terms.map((x) => x.name)).toEqual(['Baking', 'Café Recipes']);
    const page = await list('?limit=1&offset=1');
    expect(page.total).toBe(4);
    expect(page.terms).toHaveLength(1);
  });

  it('answers 409 slug_taken for a chosen slug in use and numbers derived ones', async () => {
    await create({ taxonomy: 'tag', name: 'Vegan', slug: 'vegan' });
    const clash = await t.request({ method: 'POST', url: '/api/content/terms', as: owner, payload: { taxonomy: 'tag', name: 'Plants', slug: 'vegan' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'slug_taken' });
    const derived = await create({ taxonomy: 'tag', name: 'Vegan' });
    expect(derived.slug).toBe('vegan-2');
    const rename = await t.request({ method: 'PUT', url: `/api/content/terms/${derived.id}`, as: owner, payload: { slug: 'vegan' } });
    expect(rename.statusCode).toBe(409);
  });

  it('renames a term, and deleting it unfiles its posts', async () => {
    const cat = await create({ taxonomy: 'category', name: 'Old name' });
    const renamed = await t.request({ method: 'PUT', url: `/api/content/terms/${cat.id}`, as: owner, payload: { name: 'New name', slug: 'new-name' } });
    expect(renamed.json()).toMatchObject({ name: 'New name', slug: 'new-name' });
    const post = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'Filed', categories: [cat.id] } });
    const postId = (post.json() as { id: string }).id;
    await t.request({ method: 'POST', url: `/api/content/posts/${postId}/publish`, as: owner, payload: {} });
    expect(((await t.request({ url: '/api/content/public/posts?category=new-name', account: a })).json() as { total: number }).total).toBe(1);

    expect((await t.request({ method: 'DELETE', url: `/api/content/terms/${cat.id}`, as: owner })).statusCode).toBe(200);
    const after = (await t.request({ url: `/api/content/posts/${postId}`, as: owner })).json() as { categories: unknown[] };
    expect(after.categories).toEqual([]);
    expect(((await t.request({ url: '/api/content/public/posts?category=new-name', account: a })).json() as { total: number }).total).toBe(0);
  });

  it('keeps terms to their account and their editors', async () => {
    const mine = await create({ taxonomy: 'category', name: 'Mine' });
    expect((await list('', ownerB)).total).toBe(0);
    expect((await t.request({ method: 'PUT', url: `/api/content/terms/${mine.id}`, as: ownerB, payload: { name: 'Taken' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/content/terms/${mine.id}`, as: ownerB })).statusCode).toBe(404);
    expect((await t.request({ url: '/api/content/terms', as: student })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/content/terms', as: student, payload: { taxonomy: 'tag', name: 'x' } })).statusCode).toBe(403);
    const bad = await t.request({ method: 'POST', url: '/api/content/terms', as: owner, payload: { taxonomy: 'genre', name: 'x' } });
    expect(bad.statusCode).toBe(400);
    expect(((await list('?search=mine')).terms[0] as Term).name).toBe('Mine');
  });
});
