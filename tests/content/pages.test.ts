import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Item {
  id: string;
  type: string;
  slug: string;
  title: string;
  status: string;
  visible: boolean;
  publish_at: string | null;
  published_at: string | null;
  document: {
    root: { props: Record<string, unknown> };
    content: Array<{ type: string; props: Record<string, unknown> }>;
    zones?: Record<string, Array<{ type: string; props: Record<string, unknown> }>>;
  };
  settings: Record<string, unknown>;
  author_name: string;
}

const doc = (text: string) => ({ root: { props: { title: text } }, content: [{ type: 'Heading', props: { id: 'h1', text } }] });

describe('pages', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let ownerB: TestMember;
  let student: TestMember;
  let instructor: TestMember;
  const changed: Array<{ accountId: string; type: string; id: string; slug: string }> = [];
  const published: Array<{ accountId: string; type: string; id: string; slug: string }> = [];

  beforeAll(async () => {
    t = await createTestKernel();
    t.kernel.hooks.addAction('content.changed', (event) => void changed.push(event));
    t.kernel.hooks.addAction('content.published', (event) => void published.push(event));
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner', name: 'Olive Owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
    instructor = await t.createMember(a, { role: 'instructor' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (payload: Record<string, unknown>, as = owner) => {
    const res = await t.request({ method: 'POST', url: '/api/content/pages', as, payload });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as Item;
  };
  const publicRead = (slug: string, account = a) => t.request({ url: `/api/content/public/pages/${slug}`, account });

  it('creates a draft that visitors cannot see until it is published, and hides it again when unpublished', async () => {
    const page = await create({ title: 'About Us', document: doc('Who we are') });
    expect(page).toMatchObject({
      type: 'page',
      slug: 'about-us',
      title: 'About Us',
      status: 'draft',
      visible: false,
      published_at: null,
      author_name: 'Olive Owner',
    });
    expect(page.document.content[0]?.props.text).toBe('Who we are');
    expect((await publicRead('about-us')).statusCode).toBe(404);

    const pub = await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/publish`, as: owner, payload: {} });
    expect(pub.statusCode, pub.body).toBe(200);
    expect(pub.json()).toMatchObject({ status: 'published', visible: true });
    expect((pub.json() as Item).published_at).not.toBeNull();
    const visitor = await publicRead('about-us');
    expect(visitor.statusCode).toBe(200);
    expect((visitor.json() as Item).document.content[0]?.props.text).toBe('Who we are');
    expect(published.some((e) => e.id === page.id && e.accountId === a.id)).toBe(true);

    const unpub = await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/unpublish`, as: owner, payload: {} });
    expect(unpub.json()).toMatchObject({ status: 'draft', visible: false });
    expect((await publicRead('about-us')).statusCode).toBe(404);
  });

  it('fires content.changed after each committed change, not for a refused one', async () => {
    const before = changed.length;
    const page = await create({ title: 'Hooks', slug: 'hooks' });
    expect(changed.slice(before)).toEqual([{ accountId: a.id, type: 'page', id: page.id, slug: 'hooks' }]);
    const clash = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Again', slug: 'hooks' } });
    expect(clash.statusCode).toBe(409);
    expect(changed.length).toBe(before + 1);
    const renamed = await t.request({ method: 'PUT', url: `/api/content/pages/${page.id}`, as: owner, payload: { slug: 'hooked' } });
    expect(renamed.statusCode).toBe(200);
    // Both the new and the old address are announced, so a cache can drop the old one.
    expect(
      changed
        .slice(before + 1)
        .map((e) => e.slug)
        .sort(),
    ).toEqual(['hooked', 'hooks']);
  });

  it('keeps another account out: its owner gets 404 reading, changing, publishing or deleting, and its host does not serve the page', async () => {
    const page = await create({ title: 'Private plans', slug: 'private-plans' });
    await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/publish`, as: owner, payload: {} });
    expect((await t.request({ url: `/api/content/pages/${page.id}`, as: ownerB })).statusCode).toBe(404);
    expect((await t.request({ method: 'PUT', url: `/api/content/pages/${page.id}`, as: ownerB, payload: { title: 'Hijacked' } })).statusCode).toBe(404);
    expect((await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/unpublish`, as: ownerB, payload: {} })).statusCode).toBe(404);
    expect((await t.request({ method: 'DELETE', url: `/api/content/pages/${page.id}`, as: ownerB })).statusCode).toBe(404);
    expect((await publicRead('private-plans', b)).statusCode).toBe(404);
    expect((await t.request({ url: '/api/content/pages', as: ownerB })).json()).toMatchObject({ total: 0 });
    const mine = await t.request({ url: `/api/content/pages/${page.id}`, as: owner });
    expect(mine.json()).toMatchObject({ title: 'Private plans', status: 'published' });
  });

  it('lets editors (edit_posts) write and refuses students (403) and signed-out callers (401)', async () => {
    const byInstructor = await create({ title: 'Instructor page' }, instructor);
    expect(byInstructor.status).toBe('draft');
    const res = await t.request({ method: 'POST', url: '/api/content/pages', as: student, payload: { title: 'Nope' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'forbidden' });
    expect((await t.request({ method: 'PUT', url: `/api/content/pages/${byInstructor.id}`, as: student, payload: { title: 'x' } })).statusCode).toBe(403);
    expect((await t.request({ url: `/api/content/pages/${byInstructor.id}`, as: student })).statusCode).toBe(403);
    expect((await t.request({ method: 'POST', url: '/api/content/pages', account: a, payload: { title: 'Anon' } })).statusCode).toBe(401);
  });

  it('strips <script> from html props anywhere in the document and keeps other props as given', async () => {
    const page = await create({
      title: 'Rich',
      document: {
        root: { props: { introHtml: '<p>Hi</p><script>alert(1)</script>' } },
        content: [
          {
            type: 'RichText',
            props: { id: 'r1', html: '<p onclick="x()">Safe <b>bold</b></p><script>steal()</script><img src="javascript:alert(1)">', text: '<b>as typed</b>' },
          },
          { type: 'Columns', props: { id: 'c1', items: [{ bodyHtml: '<em>ok</em><script>bad()</script>' }] } },
        ],
        zones: { 'c1:left': [{ type: 'RichText', props: { id: 'r2', html: '<script>zone()</script><p>left</p>' } }] },
      },
    });
    const stored = JSON.stringify(page.document);
    expect(stored).not.toMatch(/<script/i);
    expect(stored).not.toMatch(/onclick|javascript:/i);
    expect(page.document.content[0]?.props.html).toBe('<p>Safe <b>bold</b></p><img />');
    expect(page.document.content[0]?.props.text).toBe('<b>as typed</b>');
    expect(page.document.root.props.introHtml).toBe('<p>Hi</p>');
    expect((page.document.content[1]?.props.items as Array<{ bodyHtml: string }>)[0]?.bodyHtml).toBe('<em>ok</em>');
    expect(page.document.zones?.['c1:left']?.[0]?.props.html).toBe('<p>left</p>');

    const updated = await t.request({
      method: 'PUT',
      url: `/api/content/pages/${page.id}`,
      as: owner,
      payload: { document: { root: { props: {} }, content: [{ type: 'RichText', props: { html: '<script>x</script>after' } }] } },
    });
    expect((updated.json() as Item).document.content[0]?.props.html).toBe('after');
  });

  it('answers 409 slug_taken for a chosen slug in use, and numbers derived slugs instead', async () => {
    await create({ title: 'Contact', slug: 'contact' });
    const clash = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Other', slug: 'contact' } });
    expect(clash.statusCode).toBe(409);
    expect(clash.json()).toMatchObject({ error: 'slug_taken', statusCode: 409 });
    const derived = await create({ title: 'Contact' });
    expect(derived.slug).toBe('contact-2');
    const rename = await t.request({ method: 'PUT', url: `/api/content/pages/${derived.id}`, as: owner, payload: { slug: 'contact' } });
    expect(rename.statusCode).toBe(409);
    expect(rename.json()).toMatchObject({ error: 'slug_taken' });
    // Slugs are per account: the other site may use the same one.
    const elsewhere = await t.request({ method: 'POST', url: '/api/content/pages', as: ownerB, payload: { title: 'Contact', slug: 'contact' } });
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses malformed input with 400 validation_failed', async () => {
    const bad = [
      { title: 'x', slug: 'Not Kebab' },
      { title: '' },
      { title: 'x', document: { content: [] } },
      { title: 'x', document: { root: {}, content: [{ props: {} }] } },
      { title: 'x', settings: { hide_chrome: 'yes' } },
      { title: 'x', excerpt: 'e'.repeat(1001) },
      { title: 'x', categories: [] },
    ];
    for (const payload of bad) {
      const res = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed' });
    }
    const page = await create({ title: 'Valid' });
    const when = await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/publish`, as: owner, payload: { publish_at: 'tomorrow' } });
    expect(when.statusCode).toBe(400);
    expect((await t.request({ url: '/api/content/pages/not-a-uuid', as: owner })).statusCode).toBe(400);
  });

  it('paginates the editors’ list with the total, and filters by status and search', async () => {
    const c = await t.createAccount();
    const boss = await t.createMember(c, { role: 'owner' });
    const ids: string[] = [];
    for (const n of [1, 2, 3, 4, 5]) ids.push((await create({ title: `Landing ${n}` }, boss)).id);
    await t.request({ method: 'POST', url: `/api/content/pages/${ids[0]}/publish`, as: boss, payload: {} });
    const page2 = await t.request({ url: '/api/content/pages?limit=2&offset=2', as: boss });
    expect(page2.json()).toMatchObject({ total: 5 });
    expect((page2.json() as { items: Item[] }).items).toHaveLength(2);
    const last = (await t.request({ url: '/api/content/pages?limit=2&offset=4', as: boss })).json() as { items: Item[]; total: number };
    expect(last.items).toHaveLength(1);
    const drafts = (await t.request({ url: '/api/content/pages?status=draft', as: boss })).json() as { items: Item[]; total: number };
    expect(drafts.total).toBe(4);
    const found = (await t.request({ url: '/api/content/pages?search=landing%203', as: boss })).json() as { items: Item[]; total: number };
    expect(found.items.map((i) => i.title)).toEqual(['Landing 3']);
  });

  it('keeps a page scheduled in the future hidden, then shows it once publish_at passes and fires content.published', async () => {
    const page = await create({ title: 'Launch', slug: 'launch' });
    const at = new Date(Date.now() + 1500).toISOString();
    const res = await t.request({ method: 'POST', url: `/api/content/pages/${page.id}/publish`, as: owner, payload: { publish_at: at } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'scheduled', visible: false });
    expect(new Date((res.json() as Item).publish_at as string).toISOString()).toBe(at);
    expect((await publicRead('launch')).statusCode).toBe(404);

    const deadline = Date.now() + 20_000;
    while (Date.now() < deadline && !published.some((e) => e.id === page.id)) await new Promise((r) => setTimeout(r, 250));
    expect(published.filter((e) => e.id === page.id)).toEqual([{ accountId: a.id, type: 'page', id: page.id, slug: 'launch' }]);
    const visitor = await publicRead('launch');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ title: 'Launch', visible: true, status: 'published' });
  });

  it('shows a scheduled page by itself once its time has passed, with no job involved', async () => {
    const page = await create({ title: 'Later', slug: 'later' });
    await t.request({
      method: 'POST',
      url: `/api/content/pages/${page.id}/publish`,
      as: owner,
      payload: { publish_at: new Date(Date.now() + 3_600_000).toISOString() },
    });
    expect((await publicRead('later')).statusCode).toBe(404);
    await t.kernel.withSystem('test: move the schedule into the past', (db) =>
      db
        .updateTable('content_items')
        .set({ publish_at: new Date(Date.now() - 1000) })
        .where('id', '=', page.id)
        .execute(),
    );
    const visitor = await publicRead('later');
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toMatchObject({ status: 'scheduled', visible: true });
  });

  it('deletes a page with its revisions', async () => {
    const page = await create({ title: 'Temporary', slug: 'temporary' });
    await t.request({ method: 'PUT', url: `/api/content/pages/${page.id}`, as: owner, payload: { title: 'Temporary 2' } });
    const del = await t.request({ method: 'DELETE', url: `/api/content/pages/${page.id}`, as: owner });
    expect(del.statusCode).toBe(200);
    expect((await t.request({ url: `/api/content/pages/${page.id}`, as: owner })).statusCode).toBe(404);
    const left = await t.kernel.withSystem('test: count revisions', (db) =>
      db
        .selectFrom('content_revisions')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('item_id', '=', page.id)
        .executeTakeFirstOrThrow(),
    );
    expect(Number(left.n)).toBe(0);
    expect((await t.request({ method: 'DELETE', url: `/api/content/pages/${page.id}`, as: owner })).statusCode).toBe(404);
  });
});
