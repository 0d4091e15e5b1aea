import { describe, expect, it } from 'vitest';
import type { ContentItem } from '../model';
import { draftFromItem, draftProblems, emptyDraft, isDirty, requestBody, type Draft } from './draft';

const post: ContentItem = {
  id: '7d1f1c2e-8a43-4c57-9b1e-2f7f3d0c9a11',
  type: 'post',
  slug: 'hello-world',
  title: 'Hello world',
  status: 'draft',
  visible: false,
  publish_at: null,
  published_at: null,
  excerpt: 'First post',
  settings: { featured: true, featured_image: 'https://cdn.example/a.png' },
  seo: { title: 'Hello', noindex: true },
  author_id: null,
  author_name: 'Olga',
  created_at: '2025-01-01T00:00:00.000Z',
  updated_at: '2025-01-01T00:00:00.000Z',
  document: { root: { props: {} }, content: [{ type: 'Heading', props: { text: 'Hi' } }] },
  categories: [{ id: 'c1', taxonomy: 'category', name: 'News', slug: 'news' }],
  tags: [
    { id: 't2', taxonomy: 'tag', name: 'B', slug: 'b' },
    { id: 't1', taxonomy: 'tag', name: 'A', slug: 'a' },
  ],
};

const edit = (draft: Draft, change: Partial<Draft>): Draft => ({ ...draft, ...change });

describe('unsaved changes in the editor', () => {
  it('is clean as opened, even after the editor adds block ids and empty slots', () => {
    const saved = draftFromItem(post);
    const opened = edit(saved, {
      document: { root: { props: {} }, content: [{ type: 'Heading', props: { id: 'Heading-123', text: 'Hi', items: [] } }], zones: {} },
    });
    expect(isDirty(saved, opened)).toBe(false);
  });

  it('is dirty when a block, its text or its order changes', () => {
    const saved = draftFromItem(post);
    expect(isDirty(saved, edit(saved, { document: { root: { props: {} }, content: [{ type: 'Heading', props: { text: 'Hi!' } }] } }))).toBe(true);
    expect(isDirty(saved, edit(saved, { document: { root: { props: {} }, content: [] } }))).toBe(true);
    const two = edit(saved, {
      document: {
        root: { props: {} },
        content: [
          { type: 'A', props: {} },
          { type: 'B', props: {} },
        ],
      },
    });
    expect(
      isDirty(
        two,
        edit(two, {
          document: {
            root: { props: {} },
            content: [
              { type: 'B', props: {} },
              { type: 'A', props: {} },
            ],
          },
        }),
      ),
    ).toBe(true);
  });

  it('is dirty when a field changes, but not when tags are only listed in another order', () => {
    const saved = draftFromItem(post);
    expect(isDirty(saved, edit(saved, { title: 'Hello there' }))).toBe(true);
    expect(isDirty(saved, edit(saved, { title: 'Hello world  ' }))).toBe(false);
    expect(isDirty(saved, edit(saved, { seo: { ...saved.seo, noindex: false } }))).toBe(true);
    expect(isDirty(saved, edit(saved, { tags: ['t1', 't2'] }))).toBe(false);
    expect(isDirty(saved, edit(saved, { tags: ['t1'] }))).toBe(true);
  });
});

describe('what a save sends', () => {
  it('sends a post with its settings, terms and only the SEO fields that are filled in', () => {
    const body = requestBody('post', edit(draftFromItem(post), { featuredImage: '  ' }), false);
    expect(body).toMatchObject({
      title: 'Hello world',
      slug: 'hello-world',
      settings: { featured: true },
      seo: { title: 'Hello', noindex: true },
      categories: ['c1'],
    });
    expect(body.settings).not.toHaveProperty('featured_image');
    expect(body.seo).not.toHaveProperty('description');
  });

  it("lets the kernel derive a new item's slug, and keeps page settings the editor does not show", () => {
    const fresh = edit(emptyDraft(), { title: ' About us ' });
    expect(requestBody('page', fresh, true)).not.toHaveProperty('slug');
    expect(requestBody('page', fresh, true)).not.toHaveProperty('categories');
    const page = draftFromItem({ ...post, type: 'page', settings: { template: 'wide', hide_chrome: true }, categories: undefined, tags: undefined });
    expect(requestBody('page', page, false).settings).toEqual({ template: 'wide', hide_chrome: true });
    expect(requestBody('page', edit(page, { hideChrome: false }), false).settings).toEqual({ template: 'wide' });
  });

  it('finds what the kernel would refuse before sending', () => {
    expect(draftProblems(emptyDraft(), true)).toEqual({ title: 'required' });
    expect(draftProblems(edit(emptyDraft(), { title: 'A' }), true)).toEqual({});
    expect(draftProblems(edit(emptyDraft(), { title: 'A' }), false)).toEqual({ slug: 'required' });
    expect(draftProblems(edit(emptyDraft(), { title: 'A', slug: 'Bad Slug' }), false)).toEqual({ slug: 'pattern' });
    expect(draftProblems(edit(emptyDraft(), { title: 'x'.repeat(301), excerpt: 'y'.repeat(1001) }), true)).toEqual({ title: 'tooLong', excerpt: 'tooLong' });
  });
});
