import { jobIdFor } from '../jobs/job-id.js';
import type { JobService } from '../jobs/job-service.js';
import type { PageCache } from '../page-cache/page-cache.js';
import type { PluginJobs, PluginPageCache } from './services.js';

/** The jobs a plugin sees: the kernel's job service behind the narrow interface, `key` turned into a stable id. */
export function pluginJobs(jobs: JobService): PluginJobs {
  return {
    work: ((queue: string, handler: never, options?: never) => jobs.work(queue, handler, options)) as PluginJobs['work'],
    schedule: (queue, cron, data, options) => jobs.schedule(queue, cron, data, options),
    enqueue: (accountId, queue, data, options = {}) => {
      const { key, id, ...rest } = options;
      return jobs.enqueue(accountId, queue, data, { ...rest, ...(key !== undefined ? { id: jobIdFor(key) } : id !== undefined ? { id } : {}) });
    },
  };
}

/** Page purges for plugins (the counts the kernel's cache returns are its own business). */
export function pluginPageCache(pageCache: PageCache): PluginPageCache {
  return {
    purgeAccount: async (accountId) => void (await pageCache.purgeAccount(accountId)),
    purgePath: async (accountId, path) => void (await pageCache.purgePath(accountId, path)),
  };
}
