import { asDocument, type ContentItem, type ContentType, type PuckDocument } from '../model';
import { slugProblem, type SlugProblem } from '../slug';

/** Field limits of the kernel's item schema (core/src/content/schemas.ts). */
export const LIMITS = { title: 300, excerpt: 1000, seoTitle: 300, seoDescription: 1000, url: 2000 } as const;

/** What the editor changes: the item's fields in the form the inputs hold them. */
export interface Draft {
  title: string;
  /** '' on a new item means "derive it from the title" (the kernel picks a free one). */
  slug: string;
  excerpt: string;
  seo: { title: string; description: string; image: string; noindex: boolean };
  /** Pages: hide the site's header and footer. */
  hideChrome: boolean;
  /** Posts. */
  featured: boolean;
  featuredImage: string;
  categories: string[];
  tags: string[];
  document: PuckDocument;
  /** Page settings this editor does not show (template…), kept as they were: a save replaces settings whole. */
  keptSettings: Record<string, unknown>;
}

const str = (value: unknown) => (typeof value === 'string' ? value : '');

export function emptyDraft(): Draft {
  return {
    title: '',
    slug: '',
    excerpt: '',
    seo: { title: '', description: '', image: '', noindex: false },
    hideChrome: false,
    featured: false,
    featuredImage: '',
    categories: [],
    tags: [],
    document: { root: { props: {} }, content: [] },
    keptSettings: {},
  };
}

export function draftFromItem(item: ContentItem): Draft {
  const { hide_chrome: hideChrome, featured, featured_image: featuredImage, ...kept } = item.settings;
  return {
    title: item.title,
    slug: item.slug,
    excerpt: item.excerpt,
    seo: { title: str(item.seo.title), description: str(item.seo.description), image: str(item.seo.image), noindex: item.seo.noindex === true },
    hideChrome: hideChrome === true,
    featured: featured === true,
    featuredImage: str(featuredImage),
    categories: (item.categories ?? []).map((term) => term.id),
    tags: (item.tags ?? []).map((term) => term.id),
    document: asDocument(item.document),
    keptSettings: item.type !== 'post' ? kept : {},
  };
}

/** Leaves out empty text, so clearing a field removes it rather than storing "". */
function compact<T extends Record<string, unknown>>(record: T): Partial<T> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== '' && value !== undefined)) as Partial<T>;
}

/** The body of a create (POST) or save (PUT) of the draft. */
export function requestBody(type: ContentType, draft: Draft, creating: boolean): Record<string, unknown> {
  const seo = compact({
    title: draft.seo.title.trim(),
    description: draft.seo.description.trim(),
    image: draft.seo.image.trim(),
    noindex: draft.seo.noindex || undefined,
  });
  const settings =
    type !== 'post'
      ? { ...draft.keptSettings, ...(draft.hideChrome ? { hide_chrome: true } : {}) }
      : { featured: draft.featured, ...compact({ featured_image: draft.featuredImage.trim() }) };
  return {
    title: draft.title.trim(),
    ...(creating && draft.slug === '' ? {} : { slug: draft.slug }),
    document: draft.document,
    excerpt: draft.excerpt,
    settings,
    seo,
    ...(type === 'post' ? { categories: draft.categories, tags: draft.tags } : {}),
  };
}

export interface DraftProblems {
  title?: 'required' | 'tooLong';
  slug?: SlugProblem;
  excerpt?: 'tooLong';
  seoTitle?: 'tooLong';
  seoDescription?: 'tooLong';
  seoImage?: 'tooLong';
  featuredImage?: 'tooLong';
}

/** What the kernel would refuse, found before sending; an empty object when the draft may be saved. */
export function draftProblems(draft: Draft, creating: boolean): DraftProblems {
  const problems: DraftProblems = {};
  const title = draft.title.trim();
  if (title === '') problems.title = 'required';
  else if (title.length > LIMITS.title) problems.title = 'tooLong';
  if (!(creating && draft.slug === '')) {
    const slug = slugProblem(draft.slug);
    if (slug !== null) problems.slug = slug;
  }
  if (draft.excerpt.length > LIMITS.excerpt) problems.excerpt = 'tooLong';
  if (draft.seo.title.trim().length > LIMITS.seoTitle) problems.seoTitle = 'tooLong';
  if (draft.seo.description.trim().length > LIMITS.seoDescription) problems.seoDescription = 'tooLong';
  if (draft.seo.image.trim().length > LIMITS.url) problems.seoImage = 'tooLong';
  if (draft.featuredImage.trim().length > LIMITS.url) problems.featuredImage = 'tooLong';
  return problems;
}

/**
 * A document reduced to what a visitor would see differ: block ids (the editor adds them), empty
 * lists and objects, and undefined values are left out, and keys are sorted. Two documents with the
 * same canonical form draw the same page, so the editor does not call an opened page "unsaved" just
 * because it filled in ids or empty slots.
 */
export function canonicalDocument(document: PuckDocument): string {
  const clean = (value: unknown, parentKey?: string): unknown => {
    if (Array.isArray(value)) {
      const items = value.map((entry) => clean(entry)).filter((entry) => entry !== undefined);
      return items.length === 0 ? undefined : items;
    }
    if (value !== null && typeof value === 'object') {
      const entries = Object.keys(value)
        .sort()
        .filter((key) => !(parentKey === 'props' && key === 'id'))
        .map((key) => [key, clean((value as Record<string, unknown>)[key], key)] as const)
        .filter(([, entry]) => entry !== undefined);
      return entries.length === 0 ? undefined : Object.fromEntries(entries);
    }
    return value;
  };
  return JSON.stringify(clean(document) ?? null);
}

/**
 * The draft's fields in a stable form: term ids as sets, the title as stored (trimmed on save).
 * Both drafts come from the same item, so their other keys are in the same order.
 */
function canonicalFields(draft: Draft): string {
  const { document: _document, categories, tags, ...rest } = draft;
  const sorted = (ids: string[]) => [...new Set(ids)].sort();
  return JSON.stringify({ ...rest, title: draft.title.trim(), categories: sorted(categories), tags: sorted(tags) });
}

/** Whether the draft differs from what was last saved (or opened). */
export function isDirty(saved: Draft, current: Draft): boolean {
  return canonicalFields(saved) !== canonicalFields(current) || canonicalDocument(saved.document) !== canonicalDocument(current.document);
}
