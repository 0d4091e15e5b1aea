import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import type { SiteSearchHit, SiteSearchResults } from '@lectern/core';

describe('site search (GET /api/site/search)', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;
  let zelda: TestMember;

  const create = async (type: 'post' | 'page', payload: Record<string, unknown>, as = owner) => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}s`, as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return (res.json() as { id: string }).id;
  };
  const publish = async (type: 'post' | 'page', id: string, as = owner, payload: Record<string, unknown> = {}) => {
    const res = await t.request({ method: 'POST', url: `/api/content/${type}s/${id}/publish`, as, payload });
    expect(res.statusCode, res.body).toBe(200);
  };
  const published = async (type: 'post' | 'page', payload: Record<string, unknown>, as = owner) => {
    const id = await create(type, payload, as);
    await publish(type, id, as);
    return id;
  };
  const search = async (query: string, account = a) => {
    const res = await t.request({ url: `/api/site/search?${query}`, account });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SiteSearchResults;
  };
  const titles = (hits: SiteSearchHit[] | undefined) => (hits ?? []).map((h) => h.title);

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner', name: 'Olive Owner' });
    ownerB = await t.createMember(b, { role: 'owner', name: 'Other Owner' });
    zelda = await t.createMember(a, { name: 'Zelda Gardener', email: 'zelda.private@example.test' });
    await t.createMember(b, { name: 'Gary Gardener', email: 'gary@example.test' });

    await published('post', { title: 'Advanced gardening', excerpt: 'For people who already own a trowel.' });
    await published('post', { title: 'Gardening basics', settings: { featured: false, featured_image: 'media/covers/basics.png' } });
    await create('post', { title: 'Gardening secrets (draft)' });
    const later = await create('post', { title: 'Gardening next year' });
    await publish('post', later, owner, { publish_at: new Date(Date.now() + 86_400_000).toISOString() });
    await published('page', { title: 'Our garden tour', slug: 'garden-tour' });
    await published('page', { title: 'Home garden', slug: 'home' });
    await create('page', { title: 'Garden plans (draft page)' });
    await published('post', { title: 'Gardening on site B' }, ownerB);
    await published('page', { title: 'Garden of site B' }, ownerB);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds visible posts and pages by part of the title, with site paths, prefix matches first', async () => {
    const results = await search('term=GARDEN');
    expect(Object.keys(results)).toEqual(['courses', 'blog', 'pages', 'members']);
    // "Gardening basics" starts with the term, so it comes before "Advanced gardening" although older.
    expect(titles(results.blog)).toEqual(['Gardening basics', 'Advanced gardening']);
    const basics = results.blog?.[0];
    expect(basics).toMatchObject({ url: '/blog/gardening-basics', image: '/storage/v1/object/public/media/covers/basics.png' });
    expect(results.blog?.[1]).toMatchObject({ url: '/blog/advanced-gardening', image: null, excerpt: 'For people who already own a trowel.' });
    expect(results.pages).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'Home garden', url: '/' }),
        expect.objectContaining({ title: 'Our garden tour', url: '/garden-tour' }),
      ]),
    );
    // "Home garden" and "Our garden tour" both have the term as a later word: newest first.
    expect(titles(results.pages)).toEqual(['Home garden', 'Our garden tour']);
    expect(results.courses).toEqual([]);
  });

  it('answers only the type asked for', async () => {
    expect(Object.keys(await search('term=garden&type=blog'))).toEqual(['blog']);
    const pages = await search('term=tour&type=pages');
    expect(pages).toEqual({ pages: [expect.objectContaining({ title: 'Our garden tour' })] });
    expect(await search('term=garden&type=courses')).toEqual({ courses: [] });
    const bad = await t.request({ url: '/api/site/search?term=garden&type=products', account: a });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: 'validation_failed' });
  });

  it('never shows drafts, posts scheduled for later, or another account’s content', async () => {
    const results = await search('term=garden');
    const everything = [...titles(results.blog), ...titles(results.pages)];
    for (const hidden of ['Gardening secrets (draft)', 'Gardening next year', 'Garden plans (draft page)', 'Gardening on site B', 'Garden of site B']) {
      expect(everything).not.toContain(hidden);
    }
    const fromB = await search('term=garden', b);
    expect(titles(fromB.blog)).toEqual(['Gardening on site B']);
    expect(titles(fromB.pages)).toEqual(['Garden of site B']);
    expect(titles(fromB.members)).toEqual(['Gary Gardener']);
  });

  it('returns at most 9 hits per type', async () => {
    const c = await t.createAccount();
    const boss = await t.createMember(c, { role: 'owner' });
    for (let i = 1; i <= 12; i++) await published('post', { title: `Limit test ${i}` }, boss);
    const results = await search('term=limit%20test&type=blog', c);
    expect(results.blog).toHaveLength(9);
    // Equal relevance: the newest first, so the three oldest are the ones left out.
    expect(titles(results.blog)).toEqual([
      'Limit test 12',
      'Limit test 11',
      'Limit test 10',
      'Limit test 9',
      'Limit test 8',
      'Limit test 7',
      'Limit test 6',
      'Limit test 5',
      'Limit test 4',
    ]);
  });

  it('finds members of this site by name, with an avatar URL and never an e-mail', async () => {
    const res = await t.request({ url: '/api/site/search?term=zelda&type=members', account: a });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain('zelda.private');
    expect(res.body).not.toContain('@');
    expect(res.json()).toEqual({
      members: [
        {
          id: zelda.userId,
          title: 'Zelda Gardener',
          url: `/dashboard/messages?user=${zelda.userId}`,
          image: `/storage/v1/object/public/avatars/${zelda.userId}/avatar.jpg`,
          excerpt: '',
        },
      ],
    });
    // Matched by name only: the e-mail address does not find anyone.
    expect((await search('term=private&type=members')).members).toEqual([]);
    // A member of another site is not found here.
    expect((await search('term=gary&type=members')).members).toEqual([]);
  });

  it('uses the avatar a member set', async () => {
    const set = await t.request({ method: 'PUT', url: '/api/dashboard/profile', as: zelda, payload: { avatar: 'https://cdn.example.test/zelda.png' } });
    expect(set.statusCode, set.body).toBe(200);
    expect((await search('term=zelda&type=members')).members?.[0]?.image).toBe('https://cdn.example.test/zelda.png');
  });

  it('refuses an empty or blank term with the validation error', async () => {
    for (const query of ['term=', 'term=%20%20%20', '', `term=${'x'.repeat(201)}`]) {
      const res = await t.request({ url: `/api/site/search?${query}`, account: a });
      expect(res.statusCode, query).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', statusCode: 400 });
    }
  });

  it('matches %, _ and \\ literally', async () => {
    const c = await t.createAccount();
    const boss = await t.createMember(c, { role: 'owner' });
    await published('post', { title: '100% organic' }, boss);
    await published('post', { title: '1000 organic seeds' }, boss);
    await published('post', { title: 'snake_case for gardeners' }, boss);
    await published('post', { title: 'snakes case study' }, boss);
    await published('post', { title: 'C:\\garden' }, boss);
    expect(titles((await search('term=%25&type=blog', c)).blog)).toEqual(['100% organic']);
    expect(titles((await search('term=0%25%20o&type=blog', c)).blog)).toEqual(['100% organic']);
    expect(titles((await search('term=e_c&type=blog', c)).blog)).toEqual(['snake_case for gardeners']);
    expect(titles((await search('term=%5C&type=blog', c)).blog)).toEqual(['C:\\garden']);
  });

  it('is cacheable by shared caches for a short while', async () => {
    const res = await t.request({ url: '/api/site/search?term=garden', account: a });
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d{1,3}$/);
  });

  it('lets plugins add courses through the site.search filter, kept to site paths and the limit', async () => {
    const seen: Array<{ term: string; types: string[] }> = [];
    const remove = t.kernel.hooks.addFilter('site.search', async (value) => {
      seen.push({ term: value.query.term, types: value.query.types });
      // Careless on purpose: adds courses even when they were not asked for.
      // The filter gets the request's transaction: a plugin's query sees this account's rows.
      const { n } = await value.db
        .selectFrom('content_items')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      const courses: SiteSearchHit[] = [
        { id: 'evil', title: 'Elsewhere', url: 'https://evil.example/course', image: null, excerpt: '' },
        { id: 'proto', title: 'Protocol relative', url: '//evil.example/x', image: null, excerpt: '' },
        ...Array.from({ length: 12 }, (_, i) => ({
          id: `c${i}`,
          title: `Garden course ${i}`,
          url: `/course/garden-${i}`,
          image: null,
          excerpt: `${Number(n) > 0}`,
        })),
      ];
      return { ...value, results: { ...value.results, courses } };
    });
    try {
      const all = await search('term=%20garden%20');
      expect(seen.at(-1)).toEqual({ term: 'garden', types: ['courses', 'blog', 'pages', 'members'] });
      expect(all.courses).toHaveLength(9);
      expect(all.courses?.[0]).toEqual({ id: 'c0', title: 'Garden course 0', url: '/course/garden-0', image: null, excerpt: 'true' });
      expect(all.courses?.map((c) => c.url).every((u) => u.startsWith('/course/'))).toBe(true);
      expect(titles(all.blog)).toEqual(['Gardening basics', 'Advanced gardening']);
      // Asked for blog only: the courses the plugin added anyway are left out.
      expect(Object.keys(await search('term=garden&type=blog'))).toEqual(['blog']);
    } finally {
      remove();
    }
    expect((await search('term=garden&type=courses')).courses).toEqual([]);
  });
});
