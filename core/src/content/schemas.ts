import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { CONTENT_STATUSES, CONTENT_TYPES, type ContentType } from './content-store.js';
import { SLUG_MAX, SLUG_PATTERN } from './slugs.js';
import { TAXONOMIES } from './term-store.js';
import {
  JsonObject,
  Nullable,
  NullableTimestamp,
  PagingFields,
  PagingSchema,
  StringEnum,
  Timestamp,
  Uuid,
  type Wire,
  IdParams,
  EmptyBody,
} from '../schema/kit.js';
export { IdParams, EmptyBody };

/** Schemas of the content routes; their wire types are the dashboard's editor and term screens'. */

export { Uuid };
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: SLUG_MAX }) }, { additionalProperties: false });

const slugOptions = { minLength: 1, maxLength: SLUG_MAX, pattern: SLUG_PATTERN } as const;
const SLUG_DESCRIPTION = 'Lower-case kebab, e.g. "about-us"';
export const Slug = Type.String({ ...slugOptions, description: SLUG_DESCRIPTION });
const Title = Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' });
const Url = Type.String({ maxLength: 2000 });
export const StatusSchema = StringEnum(CONTENT_STATUSES);
export const TaxonomySchema = StringEnum(TAXONOMIES);
const Search = Type.String({ minLength: 1, maxLength: 200 });

/** The kernel's list paging (limit 1–100, default 20; offset 0–1,000,000), kept with the schema kit. */
export const Paging = PagingSchema;

const Block = {
  type: 'object',
  required: ['type', 'props'],
  properties: { type: { type: 'string', minLength: 1, maxLength: 200 }, props: { type: 'object' } },
} as const;

/**
 * Puck's data shape, checked loosely: components own their props. Plain JSON Schema (plugins wrap it
 * in their own Type.Unsafe, other schemas spread it with a description of their own).
 */
export const DocumentSchema = {
  type: 'object',
  required: ['root', 'content'],
  properties: {
    root: { type: 'object', properties: { props: { type: 'object' } } },
    content: { type: 'array', maxItems: 5000, items: Block },
    zones: { type: 'object', additionalProperties: { type: 'array', maxItems: 5000, items: Block } },
  },
} as const;

/** A Puck document as a request sends it (content-store's PuckDocument). */
export const Document = Type.Unsafe<{
  root: { props?: Record<string, unknown> };
  content: Array<{ type: string; props: Record<string, unknown> }>;
  zones?: Record<string, Array<{ type: string; props: Record<string, unknown> }>>;
}>(DocumentSchema);

const PostSettings = Type.Object({ featured: Type.Boolean(), featured_image: Type.Optional(Url) }, { additionalProperties: false });
const PageSettings = Type.Object(
  {
    template: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    hide_chrome: Type.Optional(Type.Boolean()),
    noindex: Type.Optional(Type.Boolean({ description: 'Keep the page out of the sitemap and search engines' })),
  },
  { additionalProperties: false },
);
const Seo = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 300 })),
    description: Type.Optional(Type.String({ maxLength: 1000 })),
    image: Type.Optional(Url),
    noindex: Type.Optional(Type.Boolean({ description: 'Keep the item out of the sitemap and search engines' })),
  },
  { additionalProperties: false },
);
const termIds = (description: string) => Type.Array(Uuid, { maxItems: 100, uniqueItems: true, description });

const bodyFields = (slugDescription: string) => ({
  title: Type.Optional(Title),
  slug: Type.Optional(Type.String({ ...slugOptions, description: slugDescription })),
  document: Type.Optional(Document),
  excerpt: Type.Optional(Type.String({ maxLength: 1000 })),
  seo: Type.Optional(Seo),
});
const postFields = { settings: Type.Optional(PostSettings), categories: Type.Optional(termIds('Category ids')), tags: Type.Optional(termIds('Tag ids')) };

/** The fields a page or post is changed with (PUT): any of them. */
export const PageUpdateBody = Type.Object({ ...bodyFields(SLUG_DESCRIPTION), settings: Type.Optional(PageSettings) }, { additionalProperties: false });
export const PostUpdateBody = Type.Object({ ...bodyFields(SLUG_DESCRIPTION), ...postFields }, { additionalProperties: false });
/** Creating one (POST) requires the title. */
const createFields = { ...bodyFields('Derived from the title when left out'), title: Title };
export const PageCreateBody = Type.Object({ ...createFields, settings: Type.Optional(PageSettings) }, { additionalProperties: false });
export const PostCreateBody = Type.Object({ ...createFields, ...postFields }, { additionalProperties: false });

/** Fields a page or post is created with (the title required) or changed with. */
export const createBody = (type: ContentType) => (type === 'post' ? PostCreateBody : PageCreateBody);
export const updateBody = (type: ContentType) => (type === 'post' ? PostUpdateBody : PageUpdateBody);

export const Deleted = Type.Object({ status: Type.Unsafe<true>({ type: 'boolean', enum: [true] }) });
/** Deleted's one answer. */
export const DELETED = { status: true } as const;

export const PublishBody = Type.Object(
  {
    publish_at: Type.Optional(
      Type.Unsafe<string>({ type: 'string', format: 'date-time', description: 'A future time schedules the item; none (or a past time) publishes now' }),
    ),
  },
  { additionalProperties: false },
);

const termFields = { id: Uuid, taxonomy: TaxonomySchema, name: Type.String(), slug: Type.String() };
export const TermSchema = Type.Object(termFields);
export const TermDetailSchema = Type.Object({ ...termFields, count: Type.Integer({ description: 'Objects filed under the term' }), created_at: Timestamp });

const itemFields = <T extends readonly ContentType[]>(types: T) => ({
  id: Uuid,
  type: StringEnum(types),
  slug: Type.String(),
  title: Type.String(),
  status: StatusSchema,
  visible: Type.Boolean({ description: 'Published, or scheduled and its time has come' }),
  publish_at: NullableTimestamp,
  published_at: NullableTimestamp,
  excerpt: Type.String(),
  settings: JsonObject,
  seo: JsonObject,
  author_id: Nullable(Uuid),
  author_name: Type.String(),
  created_at: Timestamp,
  updated_at: Timestamp,
});
const termLists = { categories: Type.Array(TermSchema), tags: Type.Array(TermSchema) };
const optionalTermLists = { categories: Type.Optional(termLists.categories), tags: Type.Optional(termLists.tags) };

/** Pages and docs share a shape: a document and settings, no terms. */
const PAGE_LIKE = ['page', 'doc'] as const;
export const PageSchema = Type.Object({ ...itemFields(PAGE_LIKE), document: JsonObject });
export const PostSchema = Type.Object({ ...itemFields(['post']), document: JsonObject, ...termLists });
/** Either type by id (a revision restored): posts carry their terms. */
export const AnyItemSchema = Type.Object({ ...itemFields(CONTENT_TYPES), document: JsonObject, ...optionalTermLists });
export const PageSummarySchema = Type.Object(itemFields(PAGE_LIKE));
export const PostSummarySchema = Type.Object({ ...itemFields(['post']), ...termLists });

/** What the routes of either type answer, as the routes declared for both types see it. */
type AnyItem = Static<typeof AnyItemSchema>;
type AnySummary = Omit<AnyItem, 'document'>;

/**
 * A page or post ('any': either, posts with their terms); lists leave the document out. The routes
 * are declared once for both types, so the static type is the one both share (a page's or a post's).
 */
export function itemSchema(type: ContentType | 'any', withDocument: true): TSchema & { static: AnyItem };
export function itemSchema(type: ContentType | 'any', withDocument: false): TSchema & { static: AnySummary };
export function itemSchema(type: ContentType | 'any', withDocument: boolean): TSchema & { static: AnyItem | AnySummary } {
  if (type === 'any') return withDocument ? AnyItemSchema : Type.Object({ ...itemFields(CONTENT_TYPES), ...optionalTermLists });
  if (type === 'post') return withDocument ? PostSchema : PostSummarySchema;
  return withDocument ? PageSchema : PageSummarySchema;
}

export const itemList = (type: ContentType) =>
  Type.Object({ items: Type.Array(itemSchema(type, false)), total: Type.Integer({ description: 'Items matching the filters' }) });

const managerFields = { status: Type.Optional(StatusSchema), search: Type.Optional(Search) };
const postFilters = {
  category: Type.Optional(Type.String({ ...slugOptions, description: 'Category slug' })),
  tag: Type.Optional(Type.String({ ...slugOptions, description: 'Tag slug' })),
};

/** The editors' list of one type (filters by status and search; posts also by term) and the visitors' blog list. */
export const PageListQuery = Type.Object({ ...managerFields, ...PagingFields }, { additionalProperties: false });
export const PostListQuery = Type.Object({ ...managerFields, ...postFilters, ...PagingFields }, { additionalProperties: false });
export const PublicPostQuery = Type.Object({ ...postFilters, ...PagingFields }, { additionalProperties: false });

export function listQuery(type: ContentType) {
  return type === 'post' ? PostListQuery : PageListQuery;
}

export const RevisionSchema = Type.Object({
  id: Uuid,
  item_id: Uuid,
  title: Type.String(),
  document: JsonObject,
  created_by: Nullable(Uuid),
  author_name: Type.String(),
  created_at: Timestamp,
});

export const TermQuery = Type.Object(
  {
    taxonomy: Type.Optional(TaxonomySchema),
    search: Type.Optional(Search),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 500, default: 100 })),
    offset: PagingFields.offset,
  },
  { additionalProperties: false },
);

const TermName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const TermCreateBody = Type.Object(
  { taxonomy: TaxonomySchema, name: TermName, slug: Type.Optional(Type.String({ ...slugOptions, description: 'Derived from the name when left out' })) },
  { additionalProperties: false },
);
export const TermUpdateBody = Type.Object({ name: Type.Optional(TermName), slug: Type.Optional(Slug) }, { additionalProperties: false });

/** Wire types (the dashboard's content editor and term screens). */
export type ContentItemWire = Wire<AnyItem>;
export type PageWire = Wire<Static<typeof PageSchema>>;
export type PostWire = Wire<Static<typeof PostSchema>>;
export type ContentSummaryWire = Wire<AnySummary>;
export type TermWire = Wire<Static<typeof TermSchema>>;
export type TermDetailWire = Wire<Static<typeof TermDetailSchema>>;
export type RevisionWire = Wire<Static<typeof RevisionSchema>>;
export type PageInputWire = Static<typeof PageUpdateBody>;
export type PostInputWire = Static<typeof PostUpdateBody>;
