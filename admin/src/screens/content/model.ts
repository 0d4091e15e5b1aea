/** Site content as the kernel's /api/content routes answer it (core/src/content/schemas.ts). */
import type { ContentItemWire, ContentSummaryWire, RevisionWire, TermDetailWire, TermWire } from '@lectern/sdk/wire';

export type ContentType = ContentItemWire['type'];
export type ContentStatus = ContentItemWire['status'];
export const CONTENT_STATUSES = ['draft', 'published', 'scheduled'] as const satisfies readonly ContentStatus[];
export type Taxonomy = TermWire['taxonomy'];

/** A Puck document: root props, blocks in order, blocks in named drop zones. */
export interface PuckDocument {
  root: { props?: Record<string, unknown> };
  content: Array<{ type: string; props: Record<string, unknown> }>;
  zones?: Record<string, Array<{ type: string; props: Record<string, unknown> }>>;
}

export type TermRef = TermWire;
/** A term with how many items are filed under it. */
export type Term = TermDetailWire;

/** A page or post; lists leave the document out (it comes when the item is read one at a time: see asDocument). */
export type ContentItem = ContentSummaryWire & Partial<Pick<ContentItemWire, 'document'>>;

export type Revision = RevisionWire;

/** The routes' base per type: /api/content/pages, /api/content/posts. */
export const apiBase = (type: ContentType) => `/api/content/${type}s`;
export const TERMS_API = '/api/content/terms';
export const revisionsApi = (id: string) => `/api/content/items/${id}/revisions`;

/** React-query keys: everything about one type under [CONTENT_KEY, type]; terms under [CONTENT_KEY, 'terms']. */
export const CONTENT_KEY = 'content';
export const itemsKey = (type: ContentType) => [CONTENT_KEY, type] as const;
export const itemKey = (type: ContentType, id: string) => [CONTENT_KEY, type, 'item', id] as const;
export const termsKey = (taxonomy?: Taxonomy) => (taxonomy === undefined ? ([CONTENT_KEY, 'terms'] as const) : ([CONTENT_KEY, 'terms', taxonomy] as const));

export const ITEMS_PER_PAGE = 20;
/** The terms list's most per request (the route allows 500). */
export const TERMS_LIMIT = 500;

/** A stored document that is not a Puck document (bad seed data) opens as an empty one. */
export function asDocument(value: unknown): PuckDocument {
  if (value === null || typeof value !== 'object') return { root: { props: {} }, content: [] };
  const doc = value as Partial<PuckDocument>;
  const root = doc.root !== null && typeof doc.root === 'object' ? doc.root : { props: {} };
  const content = Array.isArray(doc.content) ? doc.content.filter(isBlock) : [];
  const zones =
    doc.zones !== null && typeof doc.zones === 'object'
      ? Object.fromEntries(
          Object.entries(doc.zones)
            .filter(([, blocks]) => Array.isArray(blocks))
            .map(([zone, blocks]) => [zone, blocks.filter(isBlock)]),
        )
      : undefined;
  return zones === undefined || Object.keys(zones).length === 0 ? { root, content } : { root, content, zones };
}

function isBlock(value: unknown): value is { type: string; props: Record<string, unknown> } {
  if (value === null || typeof value !== 'object') return false;
  const block = value as { type?: unknown; props?: unknown };
  return typeof block.type === 'string' && block.props !== null && typeof block.props === 'object' && !Array.isArray(block.props);
}
