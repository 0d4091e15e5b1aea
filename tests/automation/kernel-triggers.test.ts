import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestKernel, recordedTriggers, type RecordedTriggers, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';

/** Waits until the events recorded so far satisfy `check` (they are written after the change commits). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const value = await read();
    if (check(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * SPEC §9 triggers of the kernel's own doings: user_registered when a person signs up on a site
 * (not an anonymous session), new_post_published when a post is published (not a page). Each is
 * raised from the kernel's hook after the change committed, in the account's tenancy.
 */
describe('kernel automation triggers', () => {
  let t: TestKernel;
  let triggers: RecordedTriggers;
  let site: TestAccount;
  let owner: TestMember;

  beforeAll(async () => {
    t = await createTestKernel();
    triggers = recordedTriggers(t.kernel);
    site = await t.createAccount();
    owner = await t.createMember(site, { role: 'owner' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('declares both in the catalogue', async () => {
    const res = await t.request({ url: '/api/automations/catalogue', as: owner });
    expect(res.json<{ triggers: Array<{ key: string }> }>().triggers.map((item) => item.key)).toEqual(
      expect.arrayContaining(['user_registered', 'new_post_published']),
    );
  });

  it('raises user_registered for a sign-up on the site, about the new member; an anonymous session raises nothing', async () => {
    await triggers.clear();
    const signup = await t.request({
      method: 'POST',
      url: '/auth/v1/signup',
      account: site,
      payload: { email: 'newcomer@example.test', password: 'correct-horse-42' },
    });
    expect(signup.statusCode, signup.body).toBe(200);
    const userId = (signup.json<{ id?: string; user?: { id: string } }>().user?.id ?? signup.json<{ id: string }>().id) as string;
    const events = await eventually(
      () => triggers.list(),
      (list) => list.some((event) => event.trigger === 'user_registered'),
    );
    expect(events.filter((event) => event.trigger === 'user_registered')).toEqual([{ trigger: 'user_registered', accountId: site.id, userId }]);
  });

  it('raises new_post_published when a post is published, not for a page', async () => {
    await triggers.clear();
    const page = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'About' } });
    expect(page.statusCode, page.body).toBe(201);
    await t.request({ method: 'POST', url: `/api/content/pages/${page.json<{ id: string }>().id}/publish`, as: owner, payload: {} });
    const post = await t.request({ method: 'POST', url: '/api/content/posts', as: owner, payload: { title: 'Spring term' } });
    expect(post.statusCode, post.body).toBe(201);
    const { id, slug } = post.json<{ id: string; slug: string }>();
    expect((await t.request({ method: 'POST', url: `/api/content/posts/${id}/publish`, as: owner, payload: {} })).statusCode).toBe(200);
    const events = await eventually(
      () => triggers.list(),
      (list) => list.some((event) => event.trigger === 'new_post_published'),
    );
    expect(events.filter((event) => event.trigger === 'new_post_published')).toEqual([
      { trigger: 'new_post_published', accountId: site.id, userId: null, postId: id, slug },
    ]);
  });
});
