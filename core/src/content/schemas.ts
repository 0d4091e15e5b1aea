import { CONTENT_STATUSES, type ContentType } from './content-store.js';
import { SLUG_MAX, SLUG_PATTERN } from './slugs.js';
import { TAXONOMIES } from './term-store.js';
import { PagingSchema } from '../schema/kit.js';

/** JSON schemas of the content routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;
export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;
export const SlugParams = {
  type: 'object',
  required: ['slug'],
  additionalProperties: false,
  properties: { slug: { type: 'string', minLength: 1, maxLength: SLUG_MAX } },
} as const;

export const Slug = { type: 'string', minLength: 1, maxLength: SLUG_MAX, pattern: SLUG_PATTERN, description: 'Lower-case kebab, e.g. "about-us"' } as const;
const Title = { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' } as const;
const Timestamp = { type: 'string', format: 'date-time' } as const;
const NullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const Url = { type: 'string', maxLength: 2000 } as const;
export const StatusSchema = { type: 'string', enum: [...CONTENT_STATUSES] } as const;
export const TaxonomySchema = { type: 'string', enum: [...TAXONOMIES] } as const;
const Search = { type: 'string', minLength: 1, maxLength: 200 } as const;

/** The kernel's list paging (limit 1–100, default 20; offset 0–1,000,000), kept with the schema kit. */
export const Paging = PagingSchema;

const Block = {
  type: 'object',
  required: ['type', 'props'],
  properties: { type: { type: 'string', minLength: 1, maxLength: 200 }, props: { type: 'object' } },
} as const;

/** Puck's data shape, checked loosely: components own their props. */
export const DocumentSchema = {
  type: 'object',
  required: ['root', 'content'],
  properties: {
    root: { type: 'object', properties: { props: { type: 'object' } } },
    content: { type: 'array', maxItems: 5000, items: Block },
    zones: { type: 'object', additionalProperties: { type: 'array', maxItems: 5000, items: Block } },
  },
} as const;

const PostSettings = {
  type: 'object',
  required: ['featured'],
  additionalProperties: false,
  properties: { featured: { type: 'boolean' }, featured_image: Url },
} as const;
const PageSettings = {
  type: 'object',
  additionalProperties: false,
  properties: {
    template: { type: 'string', minLength: 1, maxLength: 100 },
    hide_chrome: { type: 'boolean' },
    noindex: { type: 'boolean', description: 'Keep the page out of the sitemap and search engines' },
  },
} as const;
const Seo = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: { type: 'string', maxLength: 300 },
    description: { type: 'string', maxLength: 1000 },
    image: Url,
    noindex: { type: 'boolean', description: 'Keep the item out of the sitemap and search engines' },
  },
} as const;
const TermIds = { type: 'array', maxItems: 100, uniqueItems: true, items: Uuid } as const;

/** Fields a page or post is written with; `full` requires the title (create). */
export function itemBody(type: ContentType, full: boolean) {
  return {
    type: 'object',
    required: full ? ['title'] : [],
    additionalProperties: false,
    properties: {
      title: Title,
      slug: { ...Slug, description: full ? 'Derived from the title when left out' : Slug.description },
      document: DocumentSchema,
      excerpt: { type: 'string', maxLength: 1000 },
      settings: type === 'post' ? PostSettings : PageSettings,
      seo: Seo,
      ...(type === 'post' ? { categories: { ...TermIds, description: 'Category ids' }, tags: { ...TermIds, description: 'Tag ids' } } : {}),
    },
  };
}

export const Deleted = { type: 'object', required: ['status'], properties: { status: { type: 'boolean', enum: [true] } } } as const;

export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const PublishBody = {
  type: 'object',
  additionalProperties: false,
  properties: { publish_at: { ...Timestamp, description: 'A future time schedules the item; none (or a past time) publishes now' } },
} as const;

export const TermSchema = {
  type: 'object',
  required: ['id', 'taxonomy', 'name', 'slug'],
  properties: { id: Uuid, taxonomy: TaxonomySchema, name: { type: 'string' }, slug: { type: 'string' } },
} as const;

export const TermDetailSchema = {
  type: 'object',
  required: ['id', 'taxonomy', 'name', 'slug', 'count', 'created_at'],
  properties: { ...TermSchema.properties, count: { type: 'integer', description: 'Objects filed under the term' }, created_at: Timestamp },
} as const;

const Json = { type: 'object', additionalProperties: true } as const;

/** A page or post ('any': either, posts with their terms); lists leave the document out. */
export function itemSchema(type: ContentType | 'any', withDocument: boolean) {
  const termLists = { categories: { type: 'array', items: TermSchema }, tags: { type: 'array', items: TermSchema } };
  const properties = {
    id: Uuid,
    type: { type: 'string', enum: type === 'any' ? ['page', 'post'] : [type] },
    slug: { type: 'string' },
    title: { type: 'string' },
    status: StatusSchema,
    visible: { type: 'boolean', description: 'Published, or scheduled and its time has come' },
    publish_at: NullableTimestamp,
    published_at: NullableTimestamp,
    excerpt: { type: 'string' },
    settings: Json,
    seo: Json,
    author_id: { type: ['string', 'null'], format: 'uuid' },
    author_name: { type: 'string' },
    created_at: Timestamp,
    updated_at: Timestamp,
    ...(withDocument ? { document: Json } : {}),
  };
  return {
    type: 'object',
    required: [...Object.keys(properties), ...(type === 'post' ? Object.keys(termLists) : [])],
    properties: type === 'page' ? properties : { ...properties, ...termLists },
  };
}

export function itemList(type: ContentType) {
  return {
    type: 'object',
    required: ['items', 'total'],
    properties: { items: { type: 'array', items: itemSchema(type, false) }, total: { type: 'integer', description: 'Items matching the filters' } },
  };
}

export function listQuery(type: ContentType, manager: boolean) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      ...(manager ? { status: StatusSchema, search: Search } : {}),
      ...(type === 'post' ? { category: { ...Slug, description: 'Category slug' }, tag: { ...Slug, description: 'Tag slug' } } : {}),
      ...Paging,
    },
  };
}

export const RevisionSchema = {
  type: 'object',
  required: ['id', 'item_id', 'title', 'document', 'created_by', 'author_name', 'created_at'],
  properties: {
    id: Uuid,
    item_id: Uuid,
    title: { type: 'string' },
    document: Json,
    created_by: { type: ['string', 'null'], format: 'uuid' },
    author_name: { type: 'string' },
    created_at: Timestamp,
  },
} as const;

export const TermQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { taxonomy: TaxonomySchema, search: Search, limit: { type: 'integer', minimum: 1, maximum: 500, default: 100 }, offset: Paging.offset },
} as const;

export const TermCreateBody = {
  type: 'object',
  required: ['taxonomy', 'name'],
  additionalProperties: false,
  properties: {
    taxonomy: TaxonomySchema,
    name: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    slug: { ...Slug, description: 'Derived from the name when left out' },
  },
} as const;

export const TermUpdateBody = {
  type: 'object',
  additionalProperties: false,
  properties: { name: TermCreateBody.properties.name, slug: Slug },
} as const;
