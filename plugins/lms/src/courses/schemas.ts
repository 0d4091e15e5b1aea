import {
  DocumentSchema,
  PagingFields as Paging,
  paged,
  Type,
  type Static,
  JsonObject,
  Nullable,
  NullableTimestamp,
  StringEnum,
  Timestamp,
  Uuid,
  type Wire,
  IdParams,
  EmptyBody,
} from '@lectern/sdk';
import type { PuckDocument } from './document.js';
import { SLUG_MAX, SLUG_PATTERN } from './slugs.js';
export { IdParams, EmptyBody };

/** TypeBox schemas of the course, category and curriculum routes; the handlers' types and the admin's wire types come from them. */

export { Uuid };
export const ItemParams = Type.Object({ id: Uuid, itemId: Uuid }, { additionalProperties: false });
export const SlugParams = Type.Object({ slug: Type.String({ minLength: 1, maxLength: SLUG_MAX }) }, { additionalProperties: false });
const slug = (description: string) => Type.String({ minLength: 1, maxLength: SLUG_MAX, pattern: SLUG_PATTERN, description });
export const Slug = slug('Lower-case kebab, e.g. "intro-to-design"');
export const Title = Type.String({ minLength: 1, maxLength: 300, pattern: '\\S' });
const Search = Type.String({ minLength: 1, maxLength: 200 });

/** The kernel's paging (the SDK's PagingFields and paged), for the LMS's list routes, and the Puck document shape with its static type. */
export { Paging, paged };
export const Document = Type.Unsafe<PuckDocument>(DocumentSchema);

/** SPEC §9 interval units. */
export const INTERVALS = ['month', 'week', 'day', 'hour', 'minute'] as const;

const Drip = Type.Object(
  {
    enabled: Type.Boolean(),
    value: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    parameter: StringEnum(INTERVALS),
    multiplier: StringEnum(['section', 'unit'], { description: 'Multiply the delay by the section count or by the unit position' }),
    from: StringEnum(['start', 'previous'], { description: "Measured from the course start or from the previous unit's start" }),
  },
  { additionalProperties: false },
);

const courseSettings = (description?: string) =>
  Type.Object(
    {
      unitLock: Type.Optional(Type.Boolean({ description: 'A unit opens once the previous non-section item is complete (SPEC §4)' })),
      drip: Type.Optional(Drip),
      evaluation: Type.Optional(
        StringEnum(['auto', 'manual'], {
          description: 'auto: finishing the course evaluates it at once (status 4); manual (default): an instructor evaluates (3 → 4)',
        }),
      ),
    },
    { additionalProperties: false, ...(description === undefined ? {} : { description }) },
  );
export const CourseSettingsSchema = courseSettings();

const FeaturedImage = Type.Object({ image: Type.Optional(Type.String({ maxLength: 2000 })) }, { additionalProperties: false });
const Seats = Nullable(Type.Integer({ minimum: 0, maximum: 1_000_000_000 }), { description: 'null: no limit' });
const idList = (options: { minItems?: number; description: string }) => Type.Array(Uuid, { maxItems: 100, uniqueItems: true, ...options });

/** Fields a course is written with; `title` is required on create. */
const courseFields = (titleSlug: string) => ({
  slug: Type.Optional(slug(titleSlug)),
  excerpt: Type.Optional(Type.String({ maxLength: 2000 })),
  featured_image: Type.Optional(FeaturedImage),
  document: Type.Optional(Document),
  seats: Type.Optional(Seats),
  settings: Type.Optional(courseSettings('Merged into the current settings key by key')),
  authors: Type.Optional(idList({ minItems: 1, description: 'User ids of members who may create courses; the first is the main author' })),
  categories: Type.Optional(idList({ description: 'Category ids (replaces the current set)' })),
});
export const CourseCreateBody = Type.Object({ title: Title, ...courseFields('Derived from the title when left out') }, { additionalProperties: false });
export const CourseUpdateBody = Type.Object({ title: Type.Optional(Title), ...courseFields(Slug.description ?? '') }, { additionalProperties: false });

const Person = Type.Object({ id: Uuid, name: Type.String() });
export const CategorySchema = Type.Object({ id: Uuid, name: Type.String(), slug: Type.String() });

const summaryProperties = {
  id: Uuid,
  title: Type.String(),
  slug: Type.String(),
  excerpt: Type.String(),
  featured_image: FeaturedImage,
  status: StringEnum(['draft', 'published']),
  seats: Nullable(Type.Integer()),
  student_count: Type.Integer(),
  settings: JsonObject,
  author_id: Nullable(Uuid),
  authors: Type.Array(Person),
  categories: Type.Array(CategorySchema),
  published_at: NullableTimestamp,
  created_at: Timestamp,
  updated_at: Timestamp,
};

/** A course as managers see it; the single read adds its document. */
export const CourseSummary = Type.Object(summaryProperties);
export const CourseDetail = Type.Object({ ...summaryProperties, document: JsonObject });

export const CourseList = Type.Object({ items: Type.Array(CourseSummary), total: Type.Integer({ description: 'Courses matching the filters' }) });

const publicProperties = {
  id: Uuid,
  title: Type.String(),
  slug: Type.String(),
  excerpt: Type.String(),
  featured_image: FeaturedImage,
  seats: Nullable(Type.Integer()),
  student_count: Type.Integer(),
  authors: Type.Array(Person),
  categories: Type.Array(CategorySchema),
  published_at: NullableTimestamp,
};
const Outline = Type.Array(Type.Object({ id: Uuid, post_type: Type.String(), title: Type.String() }));

/** A published course as visitors see it (the catalogue); by slug it adds the landing document and the outline. */
export const PublicCourse = Type.Object(publicProperties);
export const PublicCourseDetail = Type.Object({ ...publicProperties, document: JsonObject, settings: JsonObject, curriculum: Outline });

export const PublicCourseList = Type.Object({ items: Type.Array(PublicCourse), total: Type.Integer() });

const catalogueFilters = { search: Type.Optional(Search), category: Type.Optional(slug('Category slug')) };
export const CatalogueQuery = Type.Object({ ...catalogueFilters, ...Paging }, { additionalProperties: false });
export const ManagerListQuery = Type.Object(
  {
    ...catalogueFilters,
    status: Type.Optional(StringEnum(['draft', 'published'])),
    author: Type.Optional(Type.String({ format: 'uuid', description: 'Only courses this user is an author of' })),
    ...Paging,
  },
  { additionalProperties: false },
);

export const Deleted = Type.Object({ status: Type.Unsafe<true>({ type: 'boolean', enum: [true] }) });

export const CategoryDetail = Type.Object({ ...CategorySchema.properties, count: Type.Integer({ description: 'Published courses filed under it' }) });
export const CategoryList = Type.Object({ items: Type.Array(CategoryDetail), total: Type.Integer() });
/** Categories page by 100 by default (a picker shows them all). */
export const CATEGORY_PAGE = 100;
export const CategoryQuery = Type.Object(
  { search: Type.Optional(Search), limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: CATEGORY_PAGE })), offset: Paging.offset },
  { additionalProperties: false },
);
const CategoryName = Type.String({ minLength: 1, maxLength: 200, pattern: '\\S' });
export const CategoryCreateBody = Type.Object(
  { name: CategoryName, slug: Type.Optional(slug('Derived from the name when left out')) },
  { additionalProperties: false },
);
export const CategoryUpdateBody = Type.Object({ name: Type.Optional(CategoryName), slug: Type.Optional(Slug) }, { additionalProperties: false });

export const ITEM_TYPES = ['section', 'unit', 'quiz', 'assignment'] as const;
const ITEM_SETTINGS = 'Per type: unit {duration}, quiz {time_limit, retakes, passing_mark, evaluation}, assignment {submission, max_marks}';
const itemSettings = (description: string) => Type.Unsafe<Record<string, unknown>>({ type: 'object', maxProperties: 50, description });
const itemProperties = { id: Uuid, post_type: StringEnum(ITEM_TYPES), title: Type.String(), position: Type.Integer(), settings: JsonObject };
export const ItemSchema = Type.Object(itemProperties);
export const ItemDetail = Type.Object({ ...itemProperties, document: JsonObject });
export const ItemList = Type.Object({ items: Type.Array(ItemSchema) });
export const ItemCreateBody = Type.Object(
  { post_type: StringEnum(ITEM_TYPES), title: Title, settings: Type.Optional(itemSettings(ITEM_SETTINGS)), document: Type.Optional(Document) },
  { additionalProperties: false },
);
export const ItemUpdateBody = Type.Object(
  {
    title: Type.Optional(Title),
    settings: Type.Optional(itemSettings(`${ITEM_SETTINGS}; replaces the current settings`)),
    document: Type.Optional(Document),
  },
  { additionalProperties: false },
);
const CurriculumOrder = Type.Array(Uuid, { maxItems: 5000, description: "Every one of the course's item ids, in the new order" });
export const ReorderBody = Type.Object({ items: CurriculumOrder }, { additionalProperties: false });

const Duration = Type.Object(
  {
    value: Type.Number({ minimum: 0, maximum: 1_000_000 }),
    parameter: StringEnum([...INTERVALS, ''], { description: 'SPEC §9 interval unit; empty means 999999 seconds' }),
  },
  { additionalProperties: false },
);
export const MetaSchema = Type.Object({ curriculum: Type.Array(Uuid), courseDuration: Nullable(Duration) });
export const MetaBody = Type.Object(
  {
    curriculum: Type.Optional(CurriculumOrder),
    courseDuration: Type.Optional(Nullable(Duration, { description: 'null removes it (enrolments then use the default expiry)' })),
  },
  { additionalProperties: false },
);

/**
 * A route schema with its OpenAPI tag and summary. Built by a function rather than written inline
 * because the plugin does not see the kernel's @fastify/swagger typing of `tags` and `summary`.
 */
export function routeSchema<T extends object>(summary: string, schema: T): T & { tags: string[]; summary: string } {
  return { tags: ['lms'], summary, ...schema };
}

/** Wire types: what the admin screens send and receive, derived from the schemas above (never copied). */
export type CourseSettingsWire = Static<typeof CourseSettingsSchema>;
export type CourseCreateWire = Static<typeof CourseCreateBody>;
export type CourseUpdateWire = Static<typeof CourseUpdateBody>;
export type CourseSummaryWire = Wire<Static<typeof CourseSummary>>;
export type CourseDetailWire = Wire<Static<typeof CourseDetail>>;
export type CourseListWire = Wire<Static<typeof CourseList>>;
export type PublicCourseWire = Wire<Static<typeof PublicCourse>>;
export type CategoryWire = Static<typeof CategorySchema>;
export type CategoryDetailWire = Static<typeof CategoryDetail>;
export type CategoryListWire = Static<typeof CategoryList>;
export type ItemWire = Static<typeof ItemSchema>;
export type ItemDetailWire = Static<typeof ItemDetail>;
export type ItemCreateWire = Static<typeof ItemCreateBody>;
export type ItemUpdateWire = Static<typeof ItemUpdateBody>;
export type CourseDurationWire = Static<typeof Duration>;
export type MetaWire = Static<typeof MetaSchema>;
