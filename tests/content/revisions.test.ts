import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

interface Revision {
  id: string;
  item_id: string;
  title: string;
  document: { content: Array<{ props: { text?: string; html?: string } }> };
  created_by: string | null;
  author_name: string;
}
interface RevisionList {
  revisions: Revision[];
  total: number;
}

const doc = (text: string) => ({ root: { props: {} }, content: [{ type: 'Text', props: { id: 't1', text } }] });

describe('revisions', () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let ownerB: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    a = await t.createAccount();
    b = await t.createAccount();
    owner = await t.createMember(a, { role: 'owner', name: 'Owner One' });
    instructor = await t.createMember(a, { role: 'instructor', name: 'Ivy Instructor' });
    ownerB = await t.createMember(b, { role: 'owner' });
    student = await t.createMember(a, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const revisions = async (id: string, query = '', as = owner) => {
    const res = await t.request({ url: `/api/content/items/${id}/revisions${query}`, as });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as RevisionList;
  };

  it('records a revision on every save that changes the title or document, newest first', async () => {
    const created = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'Draft one', document: doc('v1') } });
    const id = (created.json() as { id: string }).id;
    expect((await revisions(id)).total).toBe(1);

    await t.request({ method: 'PUT', url: `/api/content/posts/${id}`, as: instructor, payload: { title: 'Draft two' } });
    await t.request({ method: 'PUT', url: `/api/content/posts/${id}`, as: owner, payload: { excerpt: 'only the excerpt' } });
    await t.request({ method: 'PUT', url: `/api/content/posts/${id}`, as: owner, payload: { title: 'Draft two', document: doc('v1') } });
    await t.request({ method: 'PUT', url: `/api/content/posts/${id}`, as: owner, payload: { document: doc('v3') } });

    const list = await revisions(id);
    expect(list.total).toBe(3);
    expect(list.revisions.map((r) => [r.title, r.document.content[0]?.props.text])).toEqual([
      ['Draft two', 'v3'],
      ['Draft two', 'v1'],
      ['Draft one', 'v1'],
    ]);
    expect(list.revisions[1]).toMatchObject({ created_by: instructor.userId, author_name: 'Ivy Instructor' });
    const paged = await revisions(id, '?limit=1&offset=2');
    expect(paged.total).toBe(3);
    expect(paged.revisions.map((r) => r.title)).toEqual(['Draft one']);
  });

  it('restores a revision onto the item and records the restore as a new revision', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/content/pages',
      as: owner,
      payload: { title: 'Home', slug: 'home', document: doc('original') },
    });
    const id = (created.json() as { id: string }).id;
    await t.request({ method: 'POST', url: `/api/content/pages/${id}/publish`, as: owner, payload: {} });
    await t.request({ method: 'PUT', url: `/api/content/pages/${id}`, as: owner, payload: { title: 'Home (broken)', document: doc('oops') } });
    const oldest = (await revisions(id)).revisions.at(-1) as Revision;
    expect(oldest.title).toBe('Home');

    const res = await t.request({ method: 'POST', url: `/api/content/items/${id}/revisions/${oldest.id}/restore`, as: owner, payload: {} });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id, type: 'page', title: 'Home', slug: 'home', status: 'published' });
    expect((res.json() as { document: Revision['document'] }).document.content[0]?.props.text).toBe('original');
    const visitor = await t.request({ url: '/api/content/public/pages/home', account: a });
    expect((visitor.json() as { document: Revision['document'] }).document.content[0]?.props.text).toBe('original');

    const after = await revisions(id);
    expect(after.total).toBe(3);
    expect(after.revisions[0]).toMatchObject({ title: 'Home' });
    expect(after.revisions[0]?.document.content[0]?.props.text).toBe('original');
  });

  it('keeps sanitized documents in revisions', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/content/posts',
      as: owner,
      payload: { title: 'Scripted', document: { root: { props: {} }, content: [{ type: 'RichText', props: { html: '<p>ok</p><script>x()</script>' } }] } },
    });
    const id = (created.json() as { id: string }).id;
    const [revision] = (await revisions(id)).revisions;
    expect(revision?.document.content[0]?.props.html).toBe('<p>ok</p>');
  });

  it('answers 404 for a revision of another item or another account, and 403 to students', async () => {
    const one = (await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'One' } })).json() as { id: string };
    const two = (await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'Two' } })).json() as { id: string };
    const revOfOne = (await revisions(one.id)).revisions[0] as Revision;
    const crossed = await t.request({ method: 'POST', url: `/api/content/items/${two.id}/revisions/${revOfOne.id}/restore`, as: owner, payload: {} });
    expect(crossed.statusCode).toBe(404);
    expect((await t.request({ url: `/api/content/posts/${two.id}`, as: owner })).json()).toMatchObject({ title: 'Two' });

    expect((await t.request({ url: `/api/content/items/${one.id}/revisions`, as: ownerB })).statusCode).toBe(404);
    expect(
      (await t.request({ method: 'POST', url: `/api/content/items/${one.id}/revisions/${revOfOne.id}/restore`, as: ownerB, payload: {} })).statusCode,
    ).toBe(404);
    expect((await t.request({ url: `/api/content/items/${one.id}/revisions`, as: student })).statusCode).toBe(403);
    expect(
      (await t.request({ method: 'POST', url: `/api/content/items/${one.id}/revisions/${revOfOne.id}/restore`, as: student, payload: {} })).statusCode,
    ).toBe(403);
  });
});
