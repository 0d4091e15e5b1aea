import { sql, type SelectQueryBuilder } from 'kysely';
import type { AnyDb } from '../db/database.js';
import { AppError, Errors } from '../errors/errors.js';
import type { HookBus } from '../hooks/hook-bus.js';
import type { JobService } from '../jobs/job-service.js';
import { sanitizeRichText } from '../notifications/sanitize.js';
import type { RequestContext } from '../tenancy/request-context.js';
import { revisionStore } from './revision-store.js';
import { freeSlug, slugify } from './slugs.js';
import { termStore, type Taxonomy, type Term } from './term-store.js';

export const CONTENT_TYPES = ['page', 'post', 'doc'] as const;
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];
export type ContentStatus = (typeof CONTENT_STATUSES)[number];

/** A Puck document: the root's props, the blocks in order, and blocks inside named drop zones. */
export interface PuckDocument {
  root: { props?: Record<string, unknown> };
  content: Array<{ type: string; props: Record<string, unknown> }>;
  zones?: Record<string, Array<{ type: string; props: Record<string, unknown> }>>;
}

export const DOCUMENT_MAX_BYTES = 1024 * 1024;
const EMPTY_DOCUMENT: PuckDocument = { root: { props: {} }, content: [] };

export interface ContentEvent {
  accountId: string;
  type: ContentType | Taxonomy;
  id: string;
  slug: string;
}

declare module '../hooks/hook-bus.js' {
  interface ActionHooks {
    /** After any page, post, category or tag is created, changed or deleted (committed): purge caches. */
    'content.changed': ContentEvent;
    /** When a page or post becomes visible to visitors: published now, or its scheduled time came. */
    'content.published': ContentEvent & { type: ContentType };
  }
}

export interface ItemInput {
  title?: string;
  slug?: string;
  document?: PuckDocument;
  excerpt?: string;
  settings?: Record<string, unknown>;
  seo?: Record<string, unknown>;
  categories?: string[];
  tags?: string[];
}

export interface ContentItem {
  id: string;
  type: ContentType;
  slug: string;
  title: string;
  status: ContentStatus;
  /** Published, or scheduled and its time has come: what visitors may read. */
  visible: boolean;
  publish_at: Date | null;
  published_at: Date | null;
  document?: unknown;
  excerpt: string;
  settings: Record<string, unknown>;
  seo: Record<string, unknown>;
  author_id: string | null;
  author_name: string;
  created_at: Date;
  updated_at: Date;
  categories?: Term[];
  tags?: Term[];
}

/** One item read on its own: always with its document. */
export interface ContentItemWithDocument extends ContentItem {
  document: Record<string, unknown>;
}

export interface ListFilters {
  status?: ContentStatus;
  search?: string;
  category?: string;
  tag?: string;
  /** Visitors' lists: visible items only, newest published first. */
  visibleOnly?: boolean;
  limit: number;
  offset: number;
}

/** What visitors may read, for queries aliasing content_items as `c`: published, or scheduled and due. */
export const VISIBLE = sql<boolean>`(c.status = 'published' OR (c.status = 'scheduled' AND c.publish_at <= now()))`;
const SUMMARY_COLUMNS = [
  'c.id',
  'c.type',
  'c.slug',
  'c.title',
  'c.status',
  'c.publish_at',
  'c.published_at',
  'c.excerpt',
  'c.settings',
  'c.seo',
  'c.author_id',
  'c.created_at',
  'c.updated_at',
] as const;

/** Keys whose string values are HTML the theme injects as is; everything else React escapes. */
const isHtmlKey = (key: string) => key === 'html' || key.endsWith('Html');
const MAX_DEPTH = 64;

/** Cleans every HTML prop anywhere in the document (blocks, nested arrays, zones, root). */
export function sanitizeDocument(document: PuckDocument): PuckDocument {
  const walk = (value: unknown, depth: number, key?: string): unknown => {
    if (depth > MAX_DEPTH) throw new AppError(Errors.validation, `The document is nested deeper than ${MAX_DEPTH} levels`);
    if (typeof value === 'string') return key !== undefined && isHtmlKey(key) ? sanitizeRichText(value) : value;
    if (Array.isArray(value)) return value.map((entry) => walk(entry, depth + 1));
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, depth + 1, k)]));
    return value;
  };
  const clean = walk(document, 0) as PuckDocument;
  if (Buffer.byteLength(JSON.stringify(clean)) > DOCUMENT_MAX_BYTES) throw new AppError(Errors.payloadTooLarge, 'A document may hold at most 1 MB');
  return clean;
}

const isUniqueViolation = (error: unknown) => (error as { code?: string }).code === '23505';
const slugTaken = (type: ContentType) => new AppError(Errors.slugTaken, `Another ${type} already uses this slug`);
const notFound = (type: ContentType) => new AppError(Errors.notFound, `No such ${type}`);
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function itemsQuery(db: AnyDb, accountId: string, type: ContentType) {
  return db
    .selectFrom('content_items as c')
    .leftJoin('members as m', (join) => join.onRef('m.account_id', '=', 'c.account_id').onRef('m.user_id', '=', 'c.author_id'))
    .leftJoin('users as u', 'u.id', 'c.author_id')
    .select([...SUMMARY_COLUMNS, VISIBLE.as('visible'), sql<string>`coalesce(nullif(m.name, ''), nullif(u.display_name, ''), '')`.as('author_name')])
    .where('c.account_id', '=', accountId)
    .where('c.type', '=', type);
}

/** Adds posts' categories and tags: one query for the whole page of items. */
async function withTerms<I extends ContentItem>(db: AnyDb, accountId: string, items: I[]): Promise<I[]> {
  const posts = items.filter((item) => item.type === 'post');
  if (posts.length === 0) return items;
  const terms = await termStore.forObjects(
    db,
    accountId,
    posts.map((p) => p.id),
  );
  for (const post of posts) {
    const own = terms.get(post.id) ?? [];
    post.categories = own.filter((t) => t.taxonomy === 'category');
    post.tags = own.filter((t) => t.taxonomy === 'tag');
  }
  return items;
}

/**
 * Pages and posts through the caller's transaction (row-level security keeps it to the account).
 * Every save that changes the title or the document records a revision.
 */
export const contentStore = {
  async list(db: AnyDb, accountId: string, type: ContentType, filters: ListFilters): Promise<{ items: ContentItem[]; total: number }> {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    const filtered = <Q extends SelectQueryBuilder<any, any, any>>(query: Q): Q => {
      let q = query.where('c.account_id', '=', accountId).where('c.type', '=', type);
      if (filters.visibleOnly) q = q.where(VISIBLE);
      if (filters.status !== undefined) q = q.where('c.status', '=', filters.status);
      if (filters.search !== undefined) {
        const pattern = `%${escapeLike(filters.search)}%`;
        q = q.where((eb) => eb.or([eb('c.title', 'ilike', pattern), eb('c.slug', 'ilike', pattern)]));
      }
      for (const [taxonomy, slug] of [
        ['category', filters.category],
        ['tag', filters.tag],
      ] as const) {
        if (slug === undefined) continue;
        q = q.where(sql<boolean>`EXISTS (SELECT 1 FROM term_relationships r JOIN terms t ON t.account_id = r.account_id AND t.id = r.term_id
          WHERE r.account_id = c.account_id AND r.object_id = c.id AND t.taxonomy = ${taxonomy} AND t.slug = ${slug})`);
      }
      return q as Q;
    };
    const ordered = filters.visibleOnly
      ? itemsQuery(db, accountId, type).$call(filtered).orderBy('c.published_at', 'desc').orderBy('c.id', 'desc')
      : itemsQuery(db, accountId, type).$call(filtered).orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
    const [rows, total] = await Promise.all([
      ordered.limit(filters.limit).offset(filters.offset).execute(),
      db
        .selectFrom('content_items as c')
        .select(sql<number>`count(*)::int`.as('n'))
        .$call(filtered)
        .executeTakeFirstOrThrow(),
    ]);
    return { items: await withTerms(db, accountId, rows as ContentItem[]), total: total.n as number };
  },

  /** One item with its document; `visibleOnly` for visitors (a draft is simply not found). */
  async find(db: AnyDb, accountId: string, type: ContentType, by: { id: string } | { slug: string }, visibleOnly = false): Promise<ContentItemWithDocument> {
    let query = itemsQuery(db, accountId, type).select('c.document');
    query = 'id' in by ? query.where('c.id', '=', by.id) : query.where('c.slug', '=', by.slug);
    if (visibleOnly) query = query.where(VISIBLE);
    const row = await query.executeTakeFirst();
    if (row === undefined) throw notFound(type);
    const [item] = await withTerms(db, accountId, [row as ContentItemWithDocument]);
    return item as ContentItemWithDocument;
  },

  /** A new draft and its first revision; the slug comes from the title when none is given. */
  async create(db: AnyDb, accountId: string, userId: string | null, type: ContentType, input: ItemInput & { title: string }): Promise<string> {
    const slug = input.slug ?? (await freeSlug(db, 'content_items', { column: 'type', value: type }, accountId, slugify(input.title) || type));
    const document = sanitizeDocument(input.document ?? EMPTY_DOCUMENT);
    let id: string;
    try {
      const row = await db
        .insertInto('content_items')
        .values({
          account_id: accountId,
          type,
          slug,
          title: input.title,
          document: JSON.stringify(document),
          excerpt: input.excerpt ?? '',
          settings: JSON.stringify(input.settings ?? (type === 'post' ? { featured: false } : {})),
          seo: JSON.stringify(input.seo ?? {}),
          author_id: userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      id = row.id as string;
    } catch (error) {
      if (isUniqueViolation(error)) throw slugTaken(type);
      throw error;
    }
    await saveTerms(db, accountId, id, input);
    await revisionStore.record(db, accountId, id, userId);
    return id;
  },

  /** Changes only the given fields (settings and seo are replaced whole); returns the slug before the change. */
  async update(db: AnyDb, accountId: string, userId: string | null, type: ContentType, id: string, input: ItemInput): Promise<{ slug: string }> {
    const document = input.document === undefined ? undefined : JSON.stringify(sanitizeDocument(input.document));
    const current = await db
      .selectFrom('content_items')
      .select(['slug', 'title'])
      .$if(document !== undefined, (q) => q.select(sql<boolean>`document = ${document}::jsonb`.as('same_document')))
      .where('account_id', '=', accountId)
      .where('type', '=', type)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (current === undefined) throw notFound(type);
    const changes: Record<string, unknown> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.slug !== undefined) changes.slug = input.slug;
    if (document !== undefined) changes.document = document;
    if (input.excerpt !== undefined) changes.excerpt = input.excerpt;
    if (input.settings !== undefined) changes.settings = JSON.stringify(input.settings);
    if (input.seo !== undefined) changes.seo = JSON.stringify(input.seo);
    if (Object.keys(changes).length > 0) {
      try {
        await db
          .updateTable('content_items')
          .set({ ...changes, updated_at: sql`now()` })
          .where('account_id', '=', accountId)
          .where('id', '=', id)
          .execute();
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(type);
        throw error;
      }
    }
    await saveTerms(db, accountId, id, input);
    const titleChanged = input.title !== undefined && input.title !== current.title;
    const documentChanged = document !== undefined && current.same_document !== true;
    if (titleChanged || documentChanged) await revisionStore.record(db, accountId, id, userId);
    return { slug: current.slug as string };
  },

  /** Deletes the item, its revisions (foreign key) and its term relationships. */
  async remove(db: AnyDb, accountId: string, type: ContentType, id: string): Promise<{ slug: string }> {
    const row = await db
      .deleteFrom('content_items')
      .where('account_id', '=', accountId)
      .where('type', '=', type)
      .where('id', '=', id)
      .returning('slug')
      .executeTakeFirst();
    if (row === undefined) throw notFound(type);
    await termStore.detachAll(db, accountId, id);
    return { slug: row.slug as string };
  },

  /**
   * Publishes now, or schedules for `publishAt` when that is in the future (the item turns visible
   * by itself then). Publishing again keeps the original date, so the blog order stays put.
   */
  async publish(db: AnyDb, accountId: string, type: ContentType, id: string, publishAt?: Date): Promise<ContentStatus> {
    const scheduled = publishAt !== undefined && publishAt.getTime() > Date.now();
    const set = scheduled
      ? { status: 'scheduled', publish_at: publishAt, published_at: publishAt }
      : { status: 'published', publish_at: null, published_at: sql`CASE WHEN status = 'published' THEN coalesce(published_at, now()) ELSE now() END` };
    const row = await db
      .updateTable('content_items')
      .set({ ...set, updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('type', '=', type)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) throw notFound(type);
    return scheduled ? 'scheduled' : 'published';
  },

  async unpublish(db: AnyDb, accountId: string, type: ContentType, id: string): Promise<void> {
    const row = await db
      .updateTable('content_items')
      .set({ status: 'draft', publish_at: null, published_at: null, updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('type', '=', type)
      .where('id', '=', id)
      .returning('id')
      .executeTakeFirst();
    if (row === undefined) throw notFound(type);
  },

  /** The type and slug of an item of either type (revision routes address items by id alone). */
  async identify(db: AnyDb, accountId: string, id: string): Promise<{ type: ContentType; slug: string }> {
    const row = await db.selectFrom('content_items').select(['type', 'slug']).where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    if (row === undefined) throw new AppError(Errors.notFound, 'No such page or post');
    return row as { type: ContentType; slug: string };
  },

  /** Puts a revision's title and document back; that save is itself a new revision. */
  async restore(db: AnyDb, accountId: string, userId: string | null, itemId: string, revisionId: string): Promise<void> {
    const revision = await revisionStore.get(db, accountId, itemId, revisionId);
    await db
      .updateTable('content_items')
      .set({ title: revision.title, document: JSON.stringify(revision.document), updated_at: sql`now()` })
      .where('account_id', '=', accountId)
      .where('id', '=', itemId)
      .execute();
    await revisionStore.record(db, accountId, itemId, userId);
  },

  /**
   * The publishing job's step: a scheduled item whose time has come becomes published. Null when
   * it was unpublished, deleted or rescheduled since the job was queued.
   */
  async settleSchedule(db: AnyDb, accountId: string, id: string, publishAt: string): Promise<{ type: ContentType; slug: string } | null> {
    const row = await db
      .updateTable('content_items')
      .set({ status: 'published', publish_at: null })
      .where('account_id', '=', accountId)
      .where('id', '=', id)
      .where('status', '=', 'scheduled')
      .where('publish_at', '=', sql<Date>`${publishAt}::timestamptz`)
      .where('publish_at', '<=', sql<Date>`now()`)
      .returning(['type', 'slug'])
      .executeTakeFirst();
    return (row as { type: ContentType; slug: string } | undefined) ?? null;
  },
};

async function saveTerms(db: AnyDb, accountId: string, id: string, input: ItemInput): Promise<void> {
  if (input.categories !== undefined) await termStore.attach(db, accountId, id, 'category', input.categories);
  if (input.tags !== undefined) await termStore.attach(db, accountId, id, 'tag', input.tags);
}

/** The publishing job: fires 'content.published' when a scheduled item's time comes. */
export const PUBLISH_JOB = 'content.publish';

export interface ContentDeps {
  hooks: HookBus;
  jobs: JobService;
}

/** Tells caches (through 'content.changed') once the request commits; a rolled-back change says nothing. */
export function announceChange(ctx: RequestContext, deps: ContentDeps, event: Omit<ContentEvent, 'accountId'>): void {
  ctx.afterCommit(() => deps.hooks.doAction('content.changed', { accountId: ctx.account.id, ...event }, ctx.hookScope));
}

/** After commit: 'content.published' now, or a job at the scheduled time (so the row is there when it runs). */
export function announcePublish(ctx: RequestContext, deps: ContentDeps, item: { type: ContentType; id: string; slug: string; publishAt: Date | null }): void {
  const accountId = ctx.account.id;
  ctx.afterCommit(async () => {
    if (item.publishAt === null) {
      await deps.hooks.doAction('content.published', { accountId, type: item.type, id: item.id, slug: item.slug }, ctx.hookScope);
      return;
    }
    await deps.jobs.enqueue(accountId, PUBLISH_JOB, { id: item.id, publishAt: item.publishAt.toISOString() }, { startAfter: item.publishAt });
  });
}
