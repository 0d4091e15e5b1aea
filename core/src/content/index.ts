import type { FastifyInstance } from 'fastify';
import { contentStore, PUBLISH_JOB, type ContentDeps } from './content-store.js';
import { docRoutes } from './routes/docs.js';
import { pageRoutes } from './routes/pages.js';
import { postRoutes } from './routes/posts.js';
import { revisionRoutes } from './routes/revisions.js';
import { termRoutes } from './routes/terms.js';

export { contentStore, sanitizeDocument, CONTENT_TYPES, CONTENT_STATUSES, PUBLISH_JOB } from './content-store.js';
export { CONTENT_ACCESS_FILTER, type ContentAccessQuery } from './content-access.js';
export type { ContentDeps, ContentEvent, ContentItem, ContentStatus, ContentType, PuckDocument } from './content-store.js';
export { termStore, TAXONOMIES, type Taxonomy, type Term } from './term-store.js';
export { revisionStore, type Revision } from './revision-store.js';

/**
 * Site content (issue 6, item 1): pages and posts as Puck documents, categories and tags, drafts,
 * publishing now or at a set time, and revisions. Scheduled items turn visible by themselves at
 * publish_at; the publishing job marks them published then and fires 'content.published'.
 */
export async function contentRoutes(app: FastifyInstance, deps: ContentDeps): Promise<void> {
  await deps.jobs.work<{ id: string; publishAt: string }>(
    PUBLISH_JOB,
    async ({ accountId, account, data, run }) => {
      if (accountId === null || account === null) return;
      const item = await run((db) => contentStore.settleSchedule(db, accountId, data.id, data.publishAt));
      if (item === null) return;
      await deps.hooks.doAction('content.published', { accountId, type: item.type, id: data.id, slug: item.slug }, { accountId, features: account.features });
    },
    { transaction: false },
  );
  await pageRoutes(app, deps);
  await postRoutes(app, deps);
  await docRoutes(app, deps);
  await termRoutes(app, deps);
  await revisionRoutes(app, deps);
}
