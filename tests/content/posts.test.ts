import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface TermRef {
  id: string;
  taxonomy: string;
  name: string;
  slug: string;
}
interface Post {
  id: string;
  slug: string;
  title: string;
  status: string;
  visible: boolean;
  settings: Record<string, unknown>;
  categories: TermRef[];
  tags: TermRef[];
}
interface PostList {
  items: Post[];
  total: number;
}

describe('posts', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;
  let student: TestMember;
  let news: TermRef;
  let guides: TermRef;
  let featured: TermRef;

  const term = async (taxonomy: string, name: string, as = owner) => {
    const res = await t.request({ method: 'POST', url: '/api/content/terms', as, payload: { taxonomy, name } });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as TermRef;
  };
  const create = async (payload: Record<string, unknown>, as = owner) => {
    const res = await t.request({ method: 'POST', url: '/api/content/posts', as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Post;
  };
  const publish = async (id: string, as = owner) => {
    const res = await t.request({ method: 'POST', url: `/api/content/posts/${id}/publish`, as, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
  };
  const publicList = async (query = '', account = a) => {
    const res = await t.request({ url: `/api/content/public/posts${query}`, account });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as PostList;
  };

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
    news = await term('category', 'News');
    guides = await term('category', 'Guides');
    featured = await term('tag', 'Featured');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('files a post under categories and tags and reports them with the post', async () => {
    const post = await create({
      title: 'Release notes',
      categories: [news.id],
      tags: [featured.id],
      settings: { featured: true, featured_image: 'https://cdn.test/r.png' },
    });
    expect(post.settings).toEqual({ featured: true, featured_image: 'https://cdn.test/r.png' });
    expect(post.categories.map((c) => c.slug)).toEqual(['news']);
    expect(post.tags.map((c) => c.slug)).toEqual(['featured']);
    const plain = await create({ title: 'Plain' });
    expect(plain).toMatchObject({ settings: { featured: false }, categories: [], tags: [] });

    const moved = await t.request({ method: 'PUT', url: `/api/content/posts/${post.id}`, as: owner, payload: { categories: [guides.id] } });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as Post).categories.map((c) => c.slug)).toEqual(['guides']);
    // Tags were not named in the change, so they stay.
    expect((moved.json() as Post).tags.map((c) => c.slug)).toEqual(['featured']);
  });

  it('refuses a category or tag that is not one of the site’s (400 unknown_term)', async () => {
    const foreign = await term('category', 'Theirs', ownerB);
    for (const payload of [
      { title: 'x', categories: [foreign.id] },
      { title: 'x', categories: [featured.id] },
      { title: 'x', tags: [news.id] },
    ]) {
      const res = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: 'unknown_term' });
    }
    const total = (await t.request({ url: '/api/content/posts?search=x', as: owner })).json() as PostList;
    expect(total.items.filter((p) => p.title === 'x')).toHaveLength(0);
  });

  it('lists only visible posts publicly, newest published first, filtered by category and tag slugs', async () => {
    const c = await t.createAccount();
    const boss = await t.createMember(c, { role: 'owner' });
    const cat = await term('category', 'Tips', boss);
    const tag = await term('tag', 'Video', boss);
    const first = await create({ title: 'First', categories: [cat.id] }, boss);
    const second = await create({ title: 'Second', categories: [cat.id], tags: [tag.id] }, boss);
    const third = await create({ title: 'Third', tags: [tag.id] }, boss);
    await create({ title: 'Draft in tips', categories: [cat.id], tags: [tag.id] }, boss);
    await publish(first.id, boss);
    await new Promise((r) => setTimeout(r, 20));
    await publish(second.id, boss);
    await new Promise((r) => setTimeout(r, 20));
    await publish(third.id, boss);

    const all = await publicList('', c);
    expect(all.total).toBe(3);
    expect(all.items.map((p) => p.title)).toEqual(['Third', 'Second', 'First']);
    expect((await publicList('?category=tips', c)).items.map((p) => p.title)).toEqual(['Second', 'First']);
    expect((await publicList('?tag=video', c)).items.map((p) => p.title)).toEqual(['Third', 'Second']);
    expect((await publicList('?category=tips&tag=video', c)).items.map((p) => p.title)).toEqual(['Second']);
    expect((await publicList('?category=nothing', c)).total).toBe(0);
    const paged = await publicList('?limit=1&offset=1', c);
    expect(paged.total).toBe(3);
    expect(paged.items.map((p) => p.title)).toEqual(['Second']);

    // Editors see drafts too, filtered the same way.
    const managed = (await t.request({ url: '/api/content/posts?category=tips', as: boss })).json() as PostList;
    expect(managed.total).toBe(3);
    // Visitors of another site see none of these.
    expect((await publicList('', b)).total).toBe(0);
  });

  it('serves a published post by slug to visitors and hides drafts', async () => {
    const post = await create({ title: 'Hello World', slug: 'hello-world' });
    expect((await t.request({ url: '/api/content/public/posts/hello-world', account: a })).statusCode).toBe(404);
    await publish(post.id);
    const res = await t.request({ url: '/api/content/public/posts/hello-world', account: a });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ title: 'Hello World', visible: true });
    // A page and a post may share a slug; the page address does not serve the post.
    expect((await t.request({ url: '/api/content/public/pages/hello-world', account: a })).statusCode).toBe(404);
  });

  it('refuses students and other accounts', async () => {
    const post = await create({ title: 'Members only' });
    expect((await t.request({ method: 'POST', url: '/api/content/posts', as: student, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/content/posts/${post.id}/publish`, as: student, payload: {} })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: `/api/content/posts/${post.id}/publish`, as: ownerB, payload: {} })).statusCode).toBe(404);
    expect((await t.request({ url: `/api/content/posts/${post.id}`, as: ownerB })).statusCode).toBe(404);
  });

  it('requires settings.featured and refuses unknown settings', async () => {
    for (const settings of [{}, { featured: true, colour: 'red' }]) {
      const res = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'x', settings } });
      expect(res.statusCode).toBe(400);
    }
  });

  it('unfiles a deleted post from its terms', async () => {
    const tag = await term('tag', 'Ephemeral');
    const post = await create({ title: 'Short lived', tags: [tag.id] });
    const before = (await t.request({ url: '/api/content/terms?taxonomy=tag&search=ephemeral', as: owner })).json() as { terms: Array<{ count: number }> };
    expect(before.terms[0]?.count).toBe(1);
    expect((await t.request({ method: 'DELETE', url: `/api/content/posts/${post.id}`, as: owner })).statusCode).toBe(200);
    const after = (await t.request({ url: '/api/content/terms?taxonomy=tag&search=ephemeral', as: owner })).json() as { terms: Array<{ count: number }> };
    expect(after.terms[0]?.count).toBe(0);
  });
});
