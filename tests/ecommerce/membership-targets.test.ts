import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import ecommerce from '@lectern/plugin-ecommerce';
import lms from '@lectern/plugin-lms';

const SHOP = '/api/ecommerce';

interface Level {
  id: string;
  course_ids: string[];
  content_ids: string[];
}

/** A membership level names only its own site's courses, pages and posts (row-level security decides "own"). */
describe("membership levels accept only this site's courses and pages", () => {
  let t: TestKernel;
  let a: TestAccount;
  let b: TestAccount;
  let ownerA: TestMember;
  let ownerB: TestMember;
  const mine = { course: '', page: '', post: '' };
  const theirs = { course: '', page: '' };

  const call = (method: string, url: string, as: TestMember, payload?: unknown) =>
    t.request({ method: method as 'GET', url, as, ...(payload === undefined ? {} : { payload }) });
  const created = async (method: string, url: string, as: TestMember, payload: unknown) => {
    const res = await call(method, url, as, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBeLessThan(300);
    return (res.json() as { id: string }).id;
  };

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms, ecommerce] });
    a = await t.createAccount({ plan: 'professional', features: ['lms'] });
    b = await t.createAccount({ plan: 'professional', features: ['lms'] });
    ownerA = await t.createMember(a, { role: 'owner' });
    ownerB = await t.createMember(b, { role: 'owner' });
    mine.course = await created('POST', '/api/lms/courses', ownerA, { title: 'Pottery' });
    mine.page = await created('POST', '/api/content/pages', ownerA, { title: 'Studio rules', slug: 'studio-rules' });
    mine.post = await created('POST', '/api/content/posts', ownerA, { title: 'Kiln news', slug: 'kiln-news' });
    theirs.course = await created('POST', '/api/lms/courses', ownerB, { title: 'Weaving' });
    theirs.page = await created('POST', '/api/content/pages', ownerB, { title: 'Loom rules', slug: 'loom-rules' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("refuses another site's course and page ids with a 400 naming them, and stores nothing", async () => {
    const res = await call('POST', `${SHOP}/memberships`, ownerA, {
      name: 'Borrowed',
      course_ids: [mine.course, theirs.course],
      content_ids: [theirs.page, mine.page],
    });
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: string; message: string; details: { course_ids: string[]; content_ids: string[] } };
    expect(body.error).toBe('membership_targets_unknown');
    expect(body.message).toContain(theirs.course);
    expect(body.message).toContain(theirs.page);
    expect(body.message).not.toContain(mine.course);
    expect(body.details).toEqual({ course_ids: [theirs.course], content_ids: [theirs.page] });
    const listed = (await call('GET', `${SHOP}/memberships`, ownerA)).json() as Level[];
    expect(listed.map((level) => level.id)).toEqual([]);
  });

  it('refuses ids that exist nowhere, on create and on replace', async () => {
    const nowhere = '00000000-0000-4000-8000-00000000abcd';
    expect((await call('POST', `${SHOP}/memberships`, ownerA, { name: 'Ghost', course_ids: [nowhere] })).json()).toMatchObject({
      error: 'membership_targets_unknown',
    });
    const id = await created('POST', `${SHOP}/memberships`, ownerA, { name: 'Studio', course_ids: [mine.course], content_ids: [mine.page, mine.post] });
    const replaced = await call('PUT', `${SHOP}/memberships/${id}`, ownerA, { name: 'Studio', course_ids: [mine.course], content_ids: [mine.page, nowhere] });
    expect(replaced.statusCode).toBe(400);
    expect(replaced.json()).toMatchObject({ error: 'membership_targets_unknown', details: { course_ids: [], content_ids: [nowhere] } });
    // The level keeps what it had, and lists only this site's ids.
    const level = (await call('GET', `${SHOP}/memberships/${id}`, ownerA)).json() as Level;
    expect(level.course_ids).toEqual([mine.course]);
    expect(level.content_ids.sort()).toEqual([mine.page, mine.post].sort());
  });
});
