import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

interface Bootstrap {
  menu: { quick: Array<{ id: string; path: string }>; createMenu: boolean };
}

/**
 * SPEC §6: the create menu is for manage_options or edit_posts; its "new course" and "new quiz"
 * links lead to the instructor area, whose API takes create_courses or manage_options. A link is
 * offered only to members the API will let through.
 */
describe('quick-create course and quiz links follow what the API allows', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let instructor: TestMember;
  let writer: TestMember;

  beforeAll(async () => {
    t = await createTestKernel({ plugins: [lms] });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    instructor = await t.createMember(site, { role: 'instructor' });
    const role = await t.request({
      method: 'POST',
      url: '/api/account/roles',
      as: owner,
      payload: { slug: 'writer', name: 'Writer', caps: ['read', 'edit_posts'] },
    });
    expect(role.statusCode, role.body).toBe(201);
    writer = await t.createMember(site, { role: 'writer' });
  });
  afterAll(async () => {
    await t?.close();
  });

  const quickIds = async (as: TestMember) => {
    const res = await t.request({ url: '/api/dashboard/bootstrap', as });
    expect(res.statusCode, res.body).toBe(200);
    const { menu } = res.json() as Bootstrap;
    return { createMenu: menu.createMenu, ids: menu.quick.map((entry) => entry.id).filter((id) => id.startsWith('lms.')) };
  };
  const createCourse = (as: TestMember) => t.request({ method: 'POST', url: '/api/lms/courses', as, payload: { title: `Course by ${as.role}` } });

  it('gives an edit_posts-only member the create menu without course or quiz links, which the API would refuse', async () => {
    expect(await quickIds(writer)).toEqual({ createMenu: true, ids: [] });
    expect((await createCourse(writer)).statusCode).toBe(403);
  });

  it('offers the links to instructors and owners, whose requests succeed', async () => {
    for (const member of [instructor, owner]) {
      expect((await quickIds(member)).ids).toEqual(['lms.new-course', 'lms.new-quiz']);
      expect((await createCourse(member)).statusCode).toBe(201);
    }
  });
});
