import { DocumentSchema, PagingSchema } from '@lectern/sdk';
import { SLUG_MAX, SLUG_PATTERN } from './slugs.js';

/** JSON schemas of the course, category and curriculum routes. */

export const Uuid = { type: 'string', format: 'uuid' } as const;
export const IdParams = { type: 'object', required: ['id'], additionalProperties: false, properties: { id: Uuid } } as const;
export const ItemParams = { type: 'object', required: ['id', 'itemId'], additionalProperties: false, properties: { id: Uuid, itemId: Uuid } } as const;
export const SlugParams = {
  type: 'object',
  required: ['slug'],
  additionalProperties: false,
  properties: { slug: { type: 'string', minLength: 1, maxLength: SLUG_MAX } },
} as const;
export const Slug = {
  type: 'string',
  minLength: 1,
  maxLength: SLUG_MAX,
  pattern: SLUG_PATTERN,
  description: 'Lower-case kebab, e.g. "intro-to-design"',
} as const;
export const Title = { type: 'string', minLength: 1, maxLength: 300, pattern: '\\S' } as const;
const Timestamp = { type: 'string', format: 'date-time' } as const;
const NullableTimestamp = { type: ['string', 'null'], format: 'date-time' } as const;
const Search = { type: 'string', minLength: 1, maxLength: 200 } as const;
const Json = { type: 'object', additionalProperties: true } as const;
/** The kernel's list paging ({limit 1–100, default 20; offset}) and Puck document shape, shared through the SDK. */
export const Paging = PagingSchema;
export { DocumentSchema };

/** SPEC §9 interval units. */
export const INTERVALS = ['month', 'week', 'day', 'hour', 'minute'] as const;

const Drip = {
  type: 'object',
  required: ['enabled', 'value', 'parameter', 'multiplier', 'from'],
  additionalProperties: false,
  properties: {
    enabled: { type: 'boolean' },
    value: { type: 'number', minimum: 0, maximum: 1_000_000 },
    parameter: { type: 'string', enum: [...INTERVALS] },
    multiplier: { type: 'string', enum: ['section', 'unit'], description: 'Multiply the delay by the section count or by the unit position' },
    from: { type: 'string', enum: ['start', 'previous'], description: "Measured from the course start or from the previous unit's start" },
  },
} as const;

export const CourseSettingsSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    unitLock: { type: 'boolean', description: 'A unit opens once the previous non-section item is complete (SPEC §4)' },
    drip: Drip,
    evaluation: {
      type: 'string',
      enum: ['auto', 'manual'],
      description: 'auto: finishing the course evaluates it at once (status 4); manual (default): an instructor evaluates (3 → 4)',
    },
  },
} as const;

const FeaturedImage = { type: 'object', additionalProperties: false, properties: { image: { type: 'string', maxLength: 2000 } } } as const;
const Seats = { type: ['integer', 'null'], minimum: 0, maximum: 1_000_000_000, description: 'null: no limit' } as const;
const IdList = { type: 'array', maxItems: 100, uniqueItems: true, items: Uuid } as const;

/** Fields a course is written with; `full` requires the title (create). */
export function courseBody(full: boolean) {
  return {
    type: 'object',
    required: full ? ['title'] : [],
    additionalProperties: false,
    properties: {
      title: Title,
      slug: { ...Slug, description: full ? 'Derived from the title when left out' : Slug.description },
      excerpt: { type: 'string', maxLength: 2000 },
      featured_image: FeaturedImage,
      document: DocumentSchema,
      seats: Seats,
      settings: { ...CourseSettingsSchema, description: 'Merged into the current settings key by key' },
      authors: { ...IdList, minItems: 1, description: 'User ids of members who may create courses; the first is the main author' },
      categories: { ...IdList, description: 'Category ids (replaces the current set)' },
    },
  };
}

const Person = { type: 'object', required: ['id', 'name'], properties: { id: Uuid, name: { type: 'string' } } } as const;
export const CategorySchema = {
  type: 'object',
  required: ['id', 'name', 'slug'],
  properties: { id: Uuid, name: { type: 'string' }, slug: { type: 'string' } },
} as const;

const summaryProperties = {
  id: Uuid,
  title: { type: 'string' },
  slug: { type: 'string' },
  excerpt: { type: 'string' },
  featured_image: FeaturedImage,
  status: { type: 'string', enum: ['draft', 'published'] },
  seats: { type: ['integer', 'null'] },
  student_count: { type: 'integer' },
  settings: Json,
  author_id: { type: ['string', 'null'], format: 'uuid' },
  authors: { type: 'array', items: Person },
  categories: { type: 'array', items: CategorySchema },
  published_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
} as const;

/** A course as managers see it; the single read adds its document. */
export function courseSchema(withDocument: boolean) {
  const properties = withDocument ? { ...summaryProperties, document: Json } : summaryProperties;
  return { type: 'object', required: Object.keys(properties), properties };
}

export const CourseList = {
  type: 'object',
  required: ['items', 'total'],
  properties: { items: { type: 'array', items: courseSchema(false) }, total: { type: 'integer', description: 'Courses matching the filters' } },
} as const;

const publicProperties = {
  id: Uuid,
  title: { type: 'string' },
  slug: { type: 'string' },
  excerpt: { type: 'string' },
  featured_image: FeaturedImage,
  seats: { type: ['integer', 'null'] },
  student_count: { type: 'integer' },
  authors: { type: 'array', items: Person },
  categories: { type: 'array', items: CategorySchema },
  published_at: NullableTimestamp,
} as const;
const Outline = {
  type: 'array',
  items: { type: 'object', required: ['id', 'post_type', 'title'], properties: { id: Uuid, post_type: { type: 'string' }, title: { type: 'string' } } },
} as const;

/** A published course as visitors see it (the catalogue); by slug it adds the landing document and the outline. */
export function publicCourseSchema(full: boolean) {
  const properties = full ? { ...publicProperties, document: Json, settings: Json, curriculum: Outline } : publicProperties;
  return { type: 'object', required: Object.keys(properties), properties };
}

export const PublicCourseList = {
  type: 'object',
  required: ['items', 'total'],
  properties: { items: { type: 'array', items: publicCourseSchema(false) }, total: { type: 'integer' } },
} as const;

export function listQuery(manager: boolean) {
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      search: Search,
      category: { ...Slug, description: 'Category slug' },
      ...(manager
        ? { status: { type: 'string', enum: ['draft', 'published'] }, author: { ...Uuid, description: 'Only courses this user is an author of' } }
        : {}),
      ...Paging,
    },
  };
}

export const Deleted = { type: 'object', required: ['status'], properties: { status: { type: 'boolean', enum: [true] } } } as const;
export const EmptyBody = { type: 'object', additionalProperties: false, properties: {} } as const;

export const CategoryDetail = {
  type: 'object',
  required: ['id', 'name', 'slug', 'count'],
  properties: { ...CategorySchema.properties, count: { type: 'integer', description: 'Published courses filed under it' } },
} as const;
export const CategoryList = {
  type: 'object',
  required: ['items', 'total'],
  properties: { items: { type: 'array', items: CategoryDetail }, total: { type: 'integer' } },
} as const;
export const CategoryQuery = {
  type: 'object',
  additionalProperties: false,
  properties: { search: Search, limit: { type: 'integer', minimum: 1, maximum: 100, default: 100 }, offset: Paging.offset },
} as const;
const CategoryName = { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' } as const;
export const CategoryCreateBody = {
  type: 'object',
  required: ['name'],
  additionalProperties: false,
  properties: { name: CategoryName, slug: { ...Slug, description: 'Derived from the name when left out' } },
} as const;
export const CategoryUpdateBody = { type: 'object', additionalProperties: false, properties: { name: CategoryName, slug: Slug } } as const;

export const ITEM_TYPES = ['section', 'unit', 'quiz', 'assignment'] as const;
const ItemSettings = {
  type: 'object',
  maxProperties: 50,
  description: 'Per type: unit {duration}, quiz {time_limit, retakes, passing_mark, evaluation}, assignment {submission, max_marks}',
} as const;
export const ItemSchema = {
  type: 'object',
  required: ['id', 'post_type', 'title', 'position', 'settings'],
  properties: { id: Uuid, post_type: { type: 'string', enum: [...ITEM_TYPES] }, title: { type: 'string' }, position: { type: 'integer' }, settings: Json },
} as const;
export const ItemDetail = { type: 'object', required: [...ItemSchema.required, 'document'], properties: { ...ItemSchema.properties, document: Json } } as const;
export const ItemList = { type: 'object', required: ['items'], properties: { items: { type: 'array', items: ItemSchema } } } as const;
export const ItemCreateBody = {
  type: 'object',
  required: ['post_type', 'title'],
  additionalProperties: false,
  properties: { post_type: { type: 'string', enum: [...ITEM_TYPES] }, title: Title, settings: ItemSettings, document: DocumentSchema },
} as const;
export const ItemUpdateBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    title: Title,
    settings: { ...ItemSettings, description: `${ItemSettings.description}; replaces the current settings` },
    document: DocumentSchema,
  },
} as const;
export const ReorderBody = {
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', maxItems: 5000, items: Uuid, description: "Every one of the course's item ids, in the new order" } },
} as const;

const Duration = {
  type: ['object', 'null'],
  required: ['value', 'parameter'],
  additionalProperties: false,
  properties: {
    value: { type: 'number', minimum: 0, maximum: 1_000_000 },
    parameter: { type: 'string', enum: [...INTERVALS, ''], description: 'SPEC §9 interval unit; empty means 999999 seconds' },
  },
} as const;
export const MetaSchema = {
  type: 'object',
  required: ['curriculum', 'courseDuration'],
  properties: { curriculum: { type: 'array', items: Uuid }, courseDuration: Duration },
} as const;
export const MetaBody = {
  type: 'object',
  additionalProperties: false,
  properties: {
    curriculum: ReorderBody.properties.items,
    courseDuration: { ...Duration, description: 'null removes it (enrolments then use the default expiry)' },
  },
} as const;

/**
 * A route schema with its OpenAPI tag and summary. Built by a function rather than written inline
 * because the plugin does not see the kernel's @fastify/swagger typing of `tags` and `summary`.
 */
export function routeSchema<T extends object>(summary: string, schema: T): T & { tags: string[]; summary: string } {
  return { tags: ['lms'], summary, ...schema };
}
