import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ThemeDefinition } from '@lectern/sdk';
import { createTestKernel, type TestAccount, type TestKernel, type TestMember } from '@lectern/sdk/testing';
import lms from '@lectern/plugin-lms';

const VIDEOS = {
  youtube: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ&t=30',
  vimeo: 'https://vimeo.com/76979871',
};

/** The sources of a CSP directive ('self' and origins), or null when the policy lacks it. */
function directive(csp: string, name: string): string[] | null {
  const found = csp
    .split(';')
    .map((part) => part.trim().split(/\s+/))
    .find(([key]) => key === name);
  return found === undefined ? null : found.slice(1);
}

/**
 * Lesson and page videos are YouTube (no-cookie) and Vimeo players in an iframe. The pages that
 * draw them — the public site, and the dashboard where the lesson player runs — must let exactly
 * those players be framed, or the browser refuses the video.
 */
describe('the CSP lets the video block play', () => {
  let t: TestKernel;
  let site: TestAccount;
  let owner: TestMember;
  let student: TestMember;

  beforeAll(async () => {
    // The real default theme draws the video block, imported by name (no DOM types here).
    const themePackage: string = '@lectern/theme-default';
    const { theme } = (await import(themePackage)) as { theme: ThemeDefinition };
    t = await createTestKernel({ plugins: [lms], themes: { site: theme } });
    site = await t.createAccount({ plan: 'professional', features: ['lms'] });
    owner = await t.createMember(site, { role: 'owner' });
    student = await t.createMember(site, { role: 'student' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("frames exactly the players the video block embeds on a site page, and the page's embeds are among them", async () => {
    const document = {
      root: { props: {} },
      content: [
        { type: 'Video', props: { id: 'v1', url: VIDEOS.youtube, title: 'Wheel throwing', poster: '' } },
        { type: 'Video', props: { id: 'v2', url: VIDEOS.vimeo, title: 'Glazing', poster: '' } },
      ],
    };
    const created = await t.request({ method: 'POST', url: '/api/content/pages', as: owner, payload: { title: 'Videos', slug: 'videos', document } });
    expect(created.statusCode, created.body).toBe(201);
    expect(
      (await t.request({ method: 'POST', url: `/api/content/pages/${(created.json() as { id: string }).id}/publish`, as: owner, payload: {} })).statusCode,
    ).toBe(200);

    const page = await t.request({ url: '/videos', account: site });
    expect(page.statusCode).toBe(200);
    const frames = directive(String(page.headers['content-security-policy']), 'frame-src');
    expect(frames?.sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
    const embeds = [...page.body.matchAll(/<iframe[^>]*\ssrc="([^"]+)"/g)].map((match) => new URL((match[1] as string).replaceAll('&amp;', '&')).origin);
    expect(embeds.sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
    for (const origin of embeds) expect(frames).toContain(origin);
  });

  it('lets the dashboard, where the lesson player draws units, frame the same players', async () => {
    const res = await t.request({ url: '/dashboard/courses', as: student });
    expect(res.statusCode).toBe(200);
    const frames = directive(String(res.headers['content-security-policy']), 'frame-src');
    expect(frames).not.toBeNull();
    expect(frames).toEqual(expect.arrayContaining(['https://www.youtube-nocookie.com', 'https://player.vimeo.com']));
    // Nothing else from outside: the dashboard's own frames (editor previews) are same-origin.
    expect(frames?.filter((source) => source !== "'self'").sort()).toEqual(['https://player.vimeo.com', 'https://www.youtube-nocookie.com']);
  });
});
